import { getCookie } from "hono/cookie";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { APP_SESSION_COOKIE, clearSessionCookies, fromThisOrigin } from "../../http/session-cookie";
import { endSession } from "../../services/auth";

export const route = defineRoute({
  method: "post",
  path: "/auth/sign-out",
  operationId: "signOut",
  anonymous: true,
  tags: ["auth"],
  summary: "Sign out of the app (Quire)",
  description:
    "Ends the session of the cookie sent (server-side: it no longer works anywhere) and clears the cookies. Succeeds when already signed out.",
  responses: { 204: { description: "Signed out" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const secret = getCookie(c, APP_SESSION_COOKIE);
  // Another site cannot sign a person out (http/auth.ts ignores its cookie; so does this).
  if (secret && fromThisOrigin(c)) await endSession(c.get("db"), secret, Date.now());
  clearSessionCookies(c);
  return c.body(null, 204);
};
