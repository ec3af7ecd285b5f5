import { base62, randomBytes } from "../../lib/ids";
import { sha256Hex } from "../../lib/crypto";

/**
 * One-time sign-in links: `/sign-in#link=<secret>` (in the fragment, so the secret reaches no server log). A
 * link lets its user register a passkey once, within SIGN_IN_LINK_TTL_MS; only its SHA-256 is stored.
 */
export const SIGN_IN_LINK_PREFIX = "ql_";
export const SIGN_IN_LINK_TTL_MS = 60 * 60_000;

export async function newSignInLink(now: number) {
  const secret = SIGN_IN_LINK_PREFIX + base62(randomBytes(32));
  return { secret, tokenHash: await sha256Hex(secret), expiresAt: now + SIGN_IN_LINK_TTL_MS };
}

/** The app's URL that opens a link. */
export const signInLinkUrl = (origin: string, secret: string) => `${origin}/sign-in#link=${secret}`;
