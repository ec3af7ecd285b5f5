import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { setSessionCookies } from "../../http/session-cookie";
import { presentOpenedSession } from "../../presenters/session";
import { presentUser } from "../../presenters/user";
import { signInWithPasskey } from "../../services/auth";
import { AuthenticationResponse, SignedInSchema } from "../../wire/auth";
import { ceremonyBrowser, relyingParty } from "./ceremony";

export const route = defineRoute({
  method: "post",
  path: "/auth/passkeys/authentication",
  operationId: "signInWithPasskey",
  anonymous: true,
  tags: ["auth"],
  summary: "Sign in with a passkey (Quire)",
  description:
    "Verifies the browser's answer to createPasskeyAuthenticationOptions and opens a session: the HttpOnly session cookie (12 h idle) and the CSRF cookie whose value writes send as X-CSRF-Token. 401 for a passkey that is unknown or does not verify.",
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: z.object({ response: AuthenticationResponse }) } },
    },
  },
  responses: { 200: json(SignedInSchema, "Signed in") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const signedIn = await signInWithPasskey(ctx, {
    response: c.req.valid("json").response,
    rp: relyingParty(c),
    browser: await ceremonyBrowser(c, false),
  });
  await setSessionCookies(c, signedIn.session);
  return c.json({ user: presentUser(signedIn.user, ctx.urls), session: presentOpenedSession(signedIn.session) }, 200);
};
