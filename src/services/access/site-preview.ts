import type { Db } from "../../db/client";
import type { Env } from "../../env";
import { signingSecret } from "./signing-secret";

/**
 * Preview links of a site (getSitePublishingPreviewById): `?preview=<expiry>.<mac>` opens that one site on the
 * published-site renderer, published or not, until the expiry (ms since the epoch). The MAC is HMAC-SHA-256 under
 * the deployment's signing secret over the site's id and the expiry: it opens no other site, and no later.
 */
export const PREVIEW_LIFETIME_MS = 60 * 60 * 1000;
const PREVIEW_INFO = "quire site preview v1";
const LONGEST_PREVIEW_TOKEN = 128;

type SecretContext = { db: Db; env: Pick<Env, "SIGNING_SECRET"> };

async function previewKey(ctx: SecretContext, usage: "sign" | "verify") {
  return crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(await signingSecret(ctx)),
    { name: "HMAC", hash: "SHA-256" },
    false,
    [usage],
  );
}

const message = (siteId: string, expiresAt: number) =>
  new TextEncoder().encode(`${PREVIEW_INFO}\u0000${siteId}\u0000${expiresAt}`);

const toHex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** A preview token of the site, valid until `expiresAt`. */
export async function mintPreviewToken(ctx: SecretContext, siteId: string, expiresAt: number): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await previewKey(ctx, "sign"), message(siteId, expiresAt));
  return `${expiresAt}.${toHex(mac)}`;
}

/** Whether `token` is a preview token of this site that has not expired at `now`. */
export async function verifyPreviewToken(
  ctx: SecretContext,
  siteId: string,
  token: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  if (!token || token.length > LONGEST_PREVIEW_TOKEN) return false;
  const match = /^(\d{1,15})\.([0-9a-f]{64})$/.exec(token);
  if (!match) return false;
  const expiresAt = Number(match[1]);
  if (!(expiresAt > now)) return false;
  const mac = new Uint8Array(match[2]!.match(/../g)!.map((h) => Number.parseInt(h, 16)));
  // crypto.subtle.verify compares in constant time.
  return crypto.subtle.verify("HMAC", await previewKey(ctx, "verify"), mac, message(siteId, expiresAt));
}
