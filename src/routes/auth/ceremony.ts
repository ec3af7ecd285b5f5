import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../../http/app-env";
import { CEREMONY_COOKIE, setCeremonyCookie } from "../../http/session-cookie";
import { sha256Hex } from "../../lib/crypto";
import { base62, randomBytes } from "../../lib/ids";
import type { Browser, RelyingParty } from "../../services/auth";

/** The relying party is the origin the browser is on: passkeys are bound to it. */
export function relyingParty(c: Context<AppEnv>): RelyingParty {
  const url = new URL(c.req.url);
  return { id: url.hostname, origin: url.origin };
}

/**
 * The browser of a ceremony: its ceremony cookie (set with the options when missing, so the answer must come
 * from the same browser), hashed, and its user agent.
 */
export async function ceremonyBrowser(c: Context<AppEnv>, start: boolean): Promise<Browser> {
  let value = getCookie(c, CEREMONY_COOKIE);
  if (!value || value.length > 100) {
    value = start ? base62(randomBytes(24)) : "";
    if (start) setCeremonyCookie(c, value);
  }
  return { hash: await sha256Hex(`ceremony:${value}`), userAgent: c.req.header("user-agent") };
}
