import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../http/app-env";
import { limitAnonymousByAddress } from "../../http/address-limit";
import { INTEGRATION_DELIVERY_HEADER } from "../../lib/integration-calls";
import { forbidden } from "../../lib/errors";

/*
 * What integrations answer (public endpoints, published scripts) is served on the API's origin, which published
 * sites share: it must never run as that origin. Every response (the script's, or an error) is a sandboxed
 * document with an opaque origin (CSP `sandbox`), is never sniffed into another type, and sets no cookie there.
 */

/** Headers a script's answer may not carry on Quire's origin: cookies, wiping them, widening a service worker. */
const REFUSED_HEADERS = ["set-cookie", "set-cookie2", "clear-site-data", "service-worker-allowed"];

/**
 * Seals the response after the handler: `sandbox` joins any policy the script set as a policy of its own (a
 * separate policy can only restrict further, so the script cannot lift it), `nosniff`, no refused header.
 */
export const sealIntegrationContent = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  let headers = c.res.headers;
  try {
    for (const name of REFUSED_HEADERS) headers.delete(name);
  } catch {
    // Immutable headers (a response passed through as it was fetched): seal a copy.
    const copy = new Response(c.res.body, c.res);
    c.res = undefined;
    c.res = copy;
    headers = c.res.headers;
    for (const name of REFUSED_HEADERS) headers.delete(name);
  }
  const own = headers.get("content-security-policy");
  headers.set("Content-Security-Policy", own ? `sandbox, ${own}` : "sandbox");
  headers.set("X-Content-Type-Options", "nosniff");
});

/**
 * A public endpoint, a published script or a render asked from inside an integration's delivery (the runtime's
 * network marks every request it makes) is refused: each is a synchronous delivery, so a script calling its own
 * endpoint (or two integrations calling each other's) would nest deliveries without end.
 */
export const refuseFromDeliveries = createMiddleware<AppEnv>(async (c, next) => {
  const from = c.req.header(INTEGRATION_DELIVERY_HEADER);
  if (from !== undefined) {
    throw forbidden(
      `An integration's public endpoint, published script or render cannot be called from inside an integration's delivery (${from.slice(0, 100) || "unnamed"})`,
    );
  }
  return next();
});

/** In order: sealed whatever happens, limited per address, refused from deliveries. */
export const INTEGRATION_CONTENT_GUARDS = [
  sealIntegrationContent,
  limitAnonymousByAddress,
  refuseFromDeliveries,
] as const;
