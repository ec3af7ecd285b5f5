import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../http/app-env";
import {
  completeSamlSignIn,
  handSamlToSite,
  REQUEST_TTL_MS,
  SITE_RELAY_PREFIX,
  spMetadata,
  startSamlSignIn,
} from "../services/sso";
import { ssoContext } from "./context";
import { landing, landSignedIn } from "./landing";
import { isLocalHttp, REQUEST_COOKIE, refused } from "./page";

/** GET …/metadata: the SP metadata an admin gives the IdP (its URL is also our entity ID). */
export async function metadata(c: Context<AppEnv>) {
  try {
    const xml = await spMetadata(ssoContext(c), c.req.param("providerId") ?? "");
    return c.body(xml, 200, { "Content-Type": "application/samlmetadata+xml; charset=utf-8" });
  } catch (error) {
    return refused(c, error);
  }
}

/**
 * GET …/start[?next=/o/…]: SP-initiated sign-in. The browser gets a short-lived cookie with a random value (its
 * hash is stored with the request) and is sent to the IdP. The cookie must come back on the IdP's cross-site POST,
 * so it is SameSite=None (which needs Secure); on plain-HTTP localhost, where the IdP is same-site, Lax.
 */
export async function start(c: Context<AppEnv>) {
  try {
    const providerId = c.req.param("providerId") ?? "";
    const started = await startSamlSignIn(ssoContext(c), providerId, { next: landing(c, c.req.query("next")) });
    const local = isLocalHttp(c);
    setCookie(c, REQUEST_COOKIE, started.browserSecret, {
      path: `/sso/saml/${encodeURIComponent(providerId)}/acs`,
      httpOnly: true,
      secure: !local,
      sameSite: local ? "Lax" : "None",
      maxAge: REQUEST_TTL_MS / 1000,
    });
    c.header("Cache-Control", "no-store");
    return c.redirect(started.location, 302);
  } catch (error) {
    return refused(c, error);
  }
}

/**
 * POST …/acs (HTTP-POST binding, SP- and IdP-initiated): verified sign-in. A member of this organization alone also
 * gets the app's session and lands in the app (RelayState when it is a path on this origin, else the
 * organization's home); a member of others too gets the SSO page only, which says to use their passkey for the app.
 */
export async function acs(c: Context<AppEnv>) {
  const providerId = c.req.param("providerId") ?? "";
  const requestCookiePath = `/sso/saml/${encodeURIComponent(providerId)}/acs`;
  let samlResponse: string | undefined;
  let relayState: string | undefined;
  try {
    const form = await c.req.parseBody();
    samlResponse = typeof form.SAMLResponse === "string" ? form.SAMLResponse : undefined;
    relayState = typeof form.RelayState === "string" ? form.RelayState : undefined;
  } catch {
    samlResponse = undefined;
  }
  // A site's visitor sign-in: no member, no session; the verified claims go back to the site (services/sso/site-saml.ts).
  if (relayState?.startsWith(SITE_RELAY_PREFIX) && relayState.length <= 256) {
    try {
      const back = await handSamlToSite(ssoContext(c), providerId, { samlResponse, relayState });
      c.header("Cache-Control", "no-store");
      return c.redirect(back, 303);
    } catch (error) {
      return refused(c, error);
    }
  }
  try {
    const signedIn = await completeSamlSignIn(ssoContext(c), providerId, {
      samlResponse,
      browserSecret: getCookie(c, REQUEST_COOKIE),
      userAgent: c.req.header("user-agent"),
    });
    deleteCookie(c, REQUEST_COOKIE, { path: requestCookiePath, secure: !isLocalHttp(c) });
    return await landSignedIn(c, signedIn, relayState);
  } catch (error) {
    return refused(c, error);
  }
}
