import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import { sameOriginPath } from "../../app/next";
import type { AppEnv } from "../http/app-env";
import { setSessionCookies } from "../http/session-cookie";
import { SESSION_TTL_MS, type SignedIn } from "../services/sso";
import { isLocalHttp, SESSION_COOKIE } from "./page";

/** The app path a sign-in lands on (`next`, RelayState): a path on this origin, by the app's own rule (app/next.ts). */
export const landing = (c: Context<AppEnv>, next: string | null | undefined) =>
  sameOriginPath(next, new URL(c.req.url).origin);

/**
 * A verified member sign-in (SAML's ACS, the OpenID callback) lands: the SSO session's cookie, and for a member of
 * this organization alone the app's session too, landing on `next` (when it is a path on this origin) or the
 * organization's home; anyone else lands on /sso/session, which says to use their passkey for the app.
 */
export async function landSignedIn(c: Context<AppEnv>, signedIn: SignedIn, next: string | null | undefined) {
  setCookie(c, SESSION_COOKIE, signedIn.sessionSecret, {
    path: "/",
    httpOnly: true,
    secure: !isLocalHttp(c),
    sameSite: "Lax",
    maxAge: SESSION_TTL_MS / 1000,
  });
  c.header("Cache-Control", "no-store");
  if (!signedIn.appSession) return c.redirect("/sso/session", 303);
  await setSessionCookies(c, signedIn.appSession);
  return c.redirect(landing(c, next) ?? `/o/${encodeURIComponent(signedIn.organizationId)}`, 303);
}
