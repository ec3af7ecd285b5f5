import { signingSecret } from "../access";
import type { ServiceContext } from "../core";

/**
 * An integration's signing secret (`environment.signingSecrets.integration` for its scripts, and the HMAC key
 * of dev-mode tunnel deliveries): HMAC-SHA-256 of the integration's id under the instance secret, hex. Derived,
 * never stored, so it needs no migration and changes only when the instance secret rotates.
 */
const SIGNING_INFO = "quire integration signing v1:";

export async function integrationSigningSecret(
  ctx: Pick<ServiceContext, "db" | "env">,
  integrationId: string,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(await signingSecret(ctx)),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(SIGNING_INFO + integrationId));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
