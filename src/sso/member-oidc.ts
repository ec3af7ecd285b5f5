import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../http/app-env";
import { memberOidcEndpoints, memberOidcPaths } from "../lib/member-oidc-urls";
import { completeMemberOidcSignIn, MEMBER_OIDC_TTL_MS, startMemberOidcSignIn } from "../services/sso";
import { ssoContext } from "./context";
import { landing, landSignedIn } from "./landing";
import { isLocalHttp, refused } from "./page";

/** Binds a member's OpenID sign-in to the browser that started it (services/sso/member-oidc.ts). */
export const OIDC_SIGN_IN_COOKIE = "quire_oidc_sign_in";

const organizationOf = (c: Context<AppEnv>) => c.req.param("organizationId") ?? "";
const context = (c: Context<AppEnv>) => ({ ...ssoContext(c), env: c.env });
const redirectUri = (c: Context<AppEnv>) => memberOidcEndpoints(organizationOf(c), context(c).urls.api).redirectURL;

/**
 * GET /sso/oidc/{organizationId}/start[?next=/o/…]: the browser gets a short-lived cookie with a random value (its
 * hash is stored with the sign-in; the PKCE verifier derives from it) and is sent to the provider. The provider
 * sends the browser back with a top-level GET, which carries a SameSite=Lax cookie; it is HttpOnly and reaches
 * only the callback.
 */
export async function oidcStart(c: Context<AppEnv>) {
  c.header("Cache-Control", "no-store");
  try {
    const organizationId = organizationOf(c);
    const started = await startMemberOidcSignIn(context(c), organizationId, {
      next: landing(c, c.req.query("next")),
      redirectUri: redirectUri(c),
    });
    setCookie(c, OIDC_SIGN_IN_COOKIE, started.browserSecret, {
      path: memberOidcPaths(organizationId).callback,
      httpOnly: true,
      secure: !isLocalHttp(c),
      sameSite: "Lax",
      maxAge: MEMBER_OIDC_TTL_MS / 1000,
    });
    return c.redirect(started.location, 302);
  } catch (error) {
    return refused(c, error);
  }
}

/**
 * GET /sso/oidc/{organizationId}/callback?code=…&state=…: the verified sign-in lands as SAML's does (landing.ts):
 * a member of this organization alone in the app, on `next` or the organization's home; anyone else on
 * /sso/session. The sign-in cookie is cleared whatever the outcome (the sign-in it names is used or refused).
 */
export async function oidcCallback(c: Context<AppEnv>) {
  const organizationId = organizationOf(c);
  const browserSecret = getCookie(c, OIDC_SIGN_IN_COOKIE);
  deleteCookie(c, OIDC_SIGN_IN_COOKIE, { path: memberOidcPaths(organizationId).callback, secure: !isLocalHttp(c) });
  c.header("Cache-Control", "no-store");
  try {
    const signedIn = await completeMemberOidcSignIn(context(c), organizationId, {
      code: c.req.query("code"),
      state: c.req.query("state"),
      error: c.req.query("error"),
      browserSecret,
      redirectUri: redirectUri(c),
      userAgent: c.req.header("user-agent"),
    });
    return await landSignedIn(c, signedIn, signedIn.next);
  } catch (error) {
    return refused(c, error);
  }
}
