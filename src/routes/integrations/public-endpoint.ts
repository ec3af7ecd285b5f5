import type { Context } from "hono";
import { createDb } from "../../db/client";
import type { AppEnv } from "../../http/app-env";
import { serviceContext } from "../../http/context";
import { runtimePresenters } from "../../presenters/integration-runtime";
import { callPublicEndpoint } from "../../services/integrations";

/**
 * The public endpoints in the presented `urls.publicEndpoint`: `/v1/integrations/{name}/public[/…]` (the
 * integration's) and `/v1/integrations/{name}/installations/{id}/public[/…]` (an installation's). Not API
 * operations: no token is read (a webhook's own Authorization header reaches the script untouched); the method,
 * full URL with its query, headers and body are forwarded to the script as a `fetch` event, synchronously, and
 * its response is answered. Mounted in app.ts before authentication, behind INTEGRATION_CONTENT_GUARDS
 * (integration-content.ts: sandboxed, cookie-free answers; the per-address limiter; refused from deliveries).
 */
export const PUBLIC_ENDPOINT_PATHS = [
  "/v1/integrations/:integrationName/public",
  "/v1/integrations/:integrationName/public/*",
  "/v1/integrations/:integrationName/installations/:installationId/public",
  "/v1/integrations/:integrationName/installations/:installationId/public/*",
];

export async function publicEndpoint(c: Context<AppEnv>) {
  c.set("db", createDb(c.env.DB));
  c.set("caller", { kind: "anonymous" });
  const ctx = { ...serviceContext(c), presenters: runtimePresenters };
  const method = c.req.method;
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((value, key) => {
    headers[key] = value;
  });
  const body = method === "GET" || method === "HEAD" ? null : new Uint8Array(await c.req.arrayBuffer());
  const answer = await callPublicEndpoint(ctx, c.req.param("integrationName") ?? "", c.req.param("installationId"), {
    method,
    url: c.req.url,
    headers,
    body,
  });
  const empty = answer.status === 204 || answer.status === 205 || answer.status === 304 || method === "HEAD";
  return new Response(empty ? null : answer.body, { status: answer.status, headers: answer.headers });
}
