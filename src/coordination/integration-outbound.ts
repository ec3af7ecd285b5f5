import { exports, WorkerEntrypoint } from "cloudflare:workers";
import type { Env } from "../env";
import { INTEGRATION_DELIVERY_HEADER } from "../lib/integration-calls";
import { checkPublicUrl } from "../lib/safe-fetch";

/** Per-request bound of a script's outgoing fetch. */
const OUTBOUND_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 5;

/**
 * The network of integration scripts (the `globalOutbound` of their Dynamic Workers, created with
 * `ctx.exports.IntegrationOutbound({ props: { apiOrigin, integrationName } })` in
 * services/integrations/runtime/sandbox.ts). Requests to Quire's own API origin are served in-process by this
 * Worker; every other request goes through the SSRF guard (http(s) only, no private, loopback or link-local
 * address, whatever ALLOW_LOOPBACK_FETCH says), and redirects are followed by hand with each hop checked. A refused
 * request rejects the script's `fetch`. Every request is marked as coming from the integration's delivery (so Quire
 * refuses it at public endpoints and published scripts, wherever it lands), and carries no client address of the
 * script's choosing (the per-address limiter's key).
 */
export class IntegrationOutbound extends WorkerEntrypoint<Env, { apiOrigin: string; integrationName?: string }> {
  async fetch(incoming: Request): Promise<Response> {
    const marked = new Headers(incoming.headers);
    marked.set(INTEGRATION_DELIVERY_HEADER, this.ctx.props.integrationName ?? "unknown");
    marked.delete("cf-connecting-ip");
    const request = new Request(incoming, { headers: marked });
    const url = new URL(request.url);
    if (url.origin === this.ctx.props.apiOrigin) {
      const app = (exports as unknown as { default: Fetcher }).default;
      return app.fetch(request);
    }
    const method = request.method.toUpperCase();
    const body = method === "GET" || method === "HEAD" ? undefined : await request.arrayBuffer();
    let headers = new Headers(request.headers);
    let current = url.toString();
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      let checked: URL;
      try {
        checked = checkPublicUrl(this.env, current, { strict: true });
      } catch (error) {
        throw new Error(`Quire refused the request: ${(error as Error).message}`);
      }
      const response = await fetch(checked.toString(), {
        method,
        headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(OUTBOUND_TIMEOUT_MS),
      });
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location || request.redirect === "manual") {
        return response;
      }
      await response.body?.cancel();
      const next = new URL(location, checked);
      if (next.origin !== checked.origin) {
        headers = new Headers(headers);
        headers.delete("authorization");
        headers.delete("cookie");
      }
      current = next.toString();
    }
    throw new Error("Quire refused the request: too many redirects");
  }
}
