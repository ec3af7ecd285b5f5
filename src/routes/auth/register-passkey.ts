import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { setSessionCookies } from "../../http/session-cookie";
import { presentOpenedSession, presentPasskey } from "../../presenters/session";
import { presentUser } from "../../presenters/user";
import { registerPasskey } from "../../services/auth";
import { RegisteredPasskeySchema, RegistrationResponse } from "../../wire/auth";
import { ceremonyBrowser, relyingParty } from "./ceremony";

export const route = defineRoute({
  method: "post",
  path: "/auth/passkeys/registration",
  operationId: "registerPasskey",
  anonymous: true,
  tags: ["auth"],
  summary: "Register a passkey (Quire)",
  description:
    "Verifies the browser's answer to createPasskeyRegistrationOptions. Through a sign-in link, the link is used up and the person is signed in (the session cookie is set); signed in, the passkey is added to the account. 400 when no ceremony was started in this browser or the answer does not verify.",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({ response: RegistrationResponse, label: z.string().trim().max(100).optional() }),
        },
      },
    },
  },
  responses: { 201: json(RegisteredPasskeySchema, "The passkey is registered") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const { response, label } = c.req.valid("json");
  const ctx = serviceContext(c);
  const registered = await registerPasskey(ctx, {
    response,
    label,
    rp: relyingParty(c),
    browser: await ceremonyBrowser(c, false),
  });
  if (registered.session) await setSessionCookies(c, registered.session);
  return c.json(
    {
      ...presentPasskey(registered.passkey),
      user: presentUser(registered.user, ctx.urls),
      ...(registered.session ? { session: presentOpenedSession(registered.session) } : {}),
    },
    201,
  );
};
