import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { setSessionCookies } from "../../http/session-cookie";
import { presentOpenedSession, presentPasskey } from "../../presenters/session";
import { presentUser } from "../../presenters/user";
import { registerPasskey } from "../../services/auth";
import { InviteReference, RegisteredPasskeySchema, RegistrationResponse } from "../../wire/auth";
import { ceremonyBrowser, relyingParty } from "./ceremony";

export const route = defineRoute({
  method: "post",
  path: "/auth/passkeys/registration",
  operationId: "registerPasskey",
  anonymous: true,
  tags: ["auth"],
  summary: "Register a passkey (Quire)",
  description:
    "Verifies the browser's answer to createPasskeyRegistrationOptions. Through a sign-in link, the link is used up and the person is signed in (the session cookie is set). Through an invite link, the person the options were made for is created, joins with the link's role and is signed in, all at once (`invite`, when sent, must be the one of the options); 404/403 when the link no longer lets anyone join, 409 when the email was taken meanwhile, and nothing is created. Signed in, the passkey is added to the account. 400 when no ceremony was started in this browser or the answer does not verify.",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({
            response: RegistrationResponse,
            label: z.string().trim().max(100).optional(),
            invite: InviteReference.optional(),
          }),
        },
      },
    },
  },
  responses: { 201: json(RegisteredPasskeySchema, "The passkey is registered") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const { response, label, invite } = c.req.valid("json");
  const ctx = serviceContext(c);
  const registered = await registerPasskey(ctx, {
    response,
    label,
    invite,
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
