/**
 * Set by the integration runtime's network (coordination/integration-outbound.ts) on every request a script makes,
 * to the integration's name: a public endpoint, published script or render asked from inside a delivery is refused
 * (routes/integrations/integration-content.ts), so a script cannot call itself, or another integration calling it
 * back, in a loop of synchronous deliveries.
 */
export const INTEGRATION_DELIVERY_HEADER = "x-quire-integration-delivery";
