import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { csrfTokenOf, type OpenedSession } from "../services/auth";
import { SESSION_IDLE_MS } from "../services/people";
import type { AppEnv } from "./app-env";

/**
 * The app's sign-in cookies. `quire_app` holds the session's secret: HttpOnly, SameSite=Lax, Secure except on
 * http://localhost (where browsers would drop it). `quire_csrf` holds the session's CSRF token for the app's
 * scripts to send back as X-CSRF-Token on writes. Both live as long as an idle session does; the server slides
 * the session itself (services/people/tokens.ts), and the app signs in again once the cookie is gone.
 */
export const APP_SESSION_COOKIE = "quire_app";
export const CSRF_COOKIE = "quire_csrf";
export const CSRF_HEADER = "X-CSRF-Token";

const isLocalHttp = (c: Context<AppEnv>) => {
  const url = new URL(c.req.url);
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
};

/**
 * Whether a request comes from a page of this origin (or the person typed it): Sec-Fetch-Site decides when the
 * browser sends it; else the Origin, when sent, must be this one. Others never use the session cookie.
 */
export function fromThisOrigin(c: Context<AppEnv>): boolean {
  const site = c.req.header("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const origin = c.req.header("origin");
  return origin === undefined || origin === new URL(c.req.url).origin;
}

export async function setSessionCookies(c: Context<AppEnv>, session: OpenedSession): Promise<void> {
  const common = { path: "/", sameSite: "Lax" as const, secure: !isLocalHttp(c), maxAge: SESSION_IDLE_MS / 1000 };
  setCookie(c, APP_SESSION_COOKIE, session.secret, { ...common, httpOnly: true });
  setCookie(c, CSRF_COOKIE, await csrfTokenOf(session.secret), common);
}

export function clearSessionCookies(c: Context<AppEnv>): void {
  const common = { path: "/", secure: !isLocalHttp(c) };
  deleteCookie(c, APP_SESSION_COOKIE, common);
  deleteCookie(c, CSRF_COOKIE, common);
}

/**
 * The SSO session's cookie (src/sso: the /sso/session page, vouched for by one organization's IdP). Named here
 * beside the app's because the app's sign-out ends it too.
 */
export const SSO_SESSION_COOKIE = "quire_session";

export function clearSsoSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SSO_SESSION_COOKIE, { path: "/", secure: !isLocalHttp(c) });
}

/** The WebAuthn ceremony cookie: binds a challenge to the browser that asked for it (services/auth/passkeys). */
export const CEREMONY_COOKIE = "quire_webauthn";

export function setCeremonyCookie(c: Context<AppEnv>, value: string): void {
  setCookie(c, CEREMONY_COOKIE, value, {
    path: "/v1/auth",
    sameSite: "Strict",
    secure: !isLocalHttp(c),
    httpOnly: true,
    maxAge: 10 * 60,
  });
}
