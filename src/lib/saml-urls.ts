/**
 * The service-provider endpoints of a SAML provider, under the deployment's public API URL: what an admin enters
 * at the identity provider (presenters/saml.ts serves them as `service`), and what responses must name
 * (Audience = entityID, Recipient/Destination = acsURL: services/sso). Served by src/sso.
 */
export function samlEndpoints(providerId: string, apiBase: string) {
  const base = `${apiBase}/sso/saml/${encodeURIComponent(providerId)}`;
  return { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: `${base}/metadata` };
}
