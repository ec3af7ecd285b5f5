import { getCookie } from "hono/cookie";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import {
  APP_SESSION_COOKIE,
  clearSessionCookies,
  clearSsoSessionCookie,
  fromThisOrigin,
  SSO_SESSION_COOKIE,
} from "../../http/session-cookie";
import { endSession } from "../../services/auth";
import { revokeSession } from "../../services/sso";

export const route = defineRoute({
  method: "post",
  path: "/auth/sign-out",
  operationId: "signOut",
  anonymous: true,
  tags: ["auth"],
  summary: "Sign out of the app (Quire)",
  description:
    "Ends the session of the cookie sent (server-side: it no longer works anywhere) and clears the cookies; the SSO session of the same browser (/sso/session, opened with the app's session by a SAML sign-in) ends too. Succeeds when already signed out.",
  responses: { 204: { description: "Signed out" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const secret = getCookie(c, APP_SESSION_COOKIE);
  const sso = getCookie(c, SSO_SESSION_COOKIE);
  // Another site cannot sign a person out (http/auth.ts ignores its cookie; so does this).
  if (fromThisOrigin(c)) {
    const now = Date.now();
    // A SAML sign-in opens both sessions: signing out of one leaves no way back in through the other.
    await Promise.all([secret && endSession(c.get("db"), secret, now), sso && revokeSession(c.get("db"), sso, now)]);
    if (sso) clearSsoSessionCookie(c);
  }
  clearSessionCookies(c);
  return c.body(null, 204);
};
