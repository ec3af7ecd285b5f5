import { badRequest } from "../../lib/errors";
import { safeRequest } from "../../lib/safe-fetch";
import type { ServiceContext } from "../core";
import type { DevDeliveryTarget } from "./dev-mode";
import { integrationSigningSecret } from "./signing";

/**
 * Deliveries to an integration's development tunnel (development mode: services/integrations/dev-mode.ts).
 *
 * The body is the runtime's own multipart form (`event`, `environment`, optional `fetch-body`), serialized once;
 * the exact bytes sent are signed, HMAC-SHA-256 under the integration's signing secret
 * (`integrationSigningSecret`, the `environment.signingSecrets.integration` scripts receive), over
 * `<t>.<body>` where `<t>` is the Unix time in seconds of the attempt:
 *
 *   X-Quire-Signature: t=<t>,v1=<lowercase hex HMAC>
 *
 * A receiver recomputes the HMAC over the raw body it received, compares in constant time, and refuses a `t` more
 * than 5 minutes from its own clock (README: "Integration development mode"). Each retry is signed afresh.
 */
export const TUNNEL_SIGNATURE_HEADER = "X-Quire-Signature";
/** A tunnel that has not answered within this time is a failed delivery (the queue may retry it). */
export const TUNNEL_TIMEOUT_MS = 30_000;
/** The largest answer read back from a tunnel (a `ui_render` element tree, a `fetch` response). */
export const TUNNEL_MAX_RESPONSE_BYTES = 5 * 1024 * 1024;

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** The `v1` signature of a delivery: HMAC-SHA-256 of `<timestamp>.` followed by the body's bytes, hex. */
export async function tunnelSignature(secret: string, timestamp: number, body: Uint8Array): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const prefix = new TextEncoder().encode(`${timestamp}.`);
  const signed = new Uint8Array(prefix.byteLength + body.byteLength);
  signed.set(prefix);
  signed.set(body, prefix.byteLength);
  return hex(await crypto.subtle.sign("HMAC", key, signed));
}

export interface TunnelResponse {
  status: number;
  body: string;
  headers: Headers;
}

/**
 * POSTs one event to the integration's tunnel (`target` from `devDeliveryTarget`, or the integration row while
 * development mode is on) through the SSRF guard, signed, with a bounded timeout, and returns the receiver's
 * answer whatever its status (redirects are not followed: a 3xx is the answer). Throws ApiError when nothing was
 * delivered: 400 when the guard refuses the URL, 422 when the tunnel cannot be reached or times out, 413 when
 * its answer is too large. `eventId`, when given, is sent as `X-Quire-Event-Id` (receivers may dedupe on it).
 */
export async function deliverToTunnel(
  ctx: Pick<ServiceContext, "db" | "env">,
  target: DevDeliveryTarget | { name: string; devTunnelUrl: string | null },
  body: FormData,
  opts: { eventId?: string; timeoutMs?: number } = {},
): Promise<TunnelResponse> {
  const integrationName = "integrationName" in target ? target.integrationName : target.name;
  const tunnelUrl = "tunnelUrl" in target ? target.tunnelUrl : target.devTunnelUrl;
  if (!tunnelUrl) throw badRequest(`Development mode is off for ${integrationName}`);
  // Serialized once: the bytes signed are the bytes sent, with the boundary the serialization chose.
  const serialized = new Response(body);
  const bytes = new Uint8Array(await serialized.arrayBuffer());
  const contentType = serialized.headers.get("content-type") ?? "multipart/form-data";
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = await tunnelSignature(await integrationSigningSecret(ctx, integrationName), timestamp, bytes);
  const response = await safeRequest(
    ctx.env,
    tunnelUrl,
    {
      method: "POST",
      headers: {
        "content-type": contentType,
        [TUNNEL_SIGNATURE_HEADER]: `t=${timestamp},v1=${signature}`,
        "x-quire-integration": integrationName,
        ...(opts.eventId ? { "x-quire-event-id": opts.eventId } : {}),
      },
      body: bytes,
    },
    { maxBytes: TUNNEL_MAX_RESPONSE_BYTES, timeoutMs: opts.timeoutMs ?? TUNNEL_TIMEOUT_MS },
  );
  return {
    status: response.status,
    body: new TextDecoder().decode(response.bytes),
    headers: new Headers(response.headers),
  };
}
