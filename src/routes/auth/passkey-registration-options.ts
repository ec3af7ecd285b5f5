import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { passkeyRegistrationOptions } from "../../services/auth";
import { PasskeyOptionsSchema, SignInLink } from "../../wire/auth";
import { ceremonyBrowser, relyingParty } from "./ceremony";

export const route = defineRoute({
  method: "post",
  path: "/auth/passkeys/registration/options",
  operationId: "createPasskeyRegistrationOptions",
  anonymous: true,
  tags: ["auth"],
  summary: "Start registering a passkey (Quire)",
  description:
    "With `link` (a one-time sign-in link's secret), for that link's person; without, for the signed-in caller adding another passkey. Sets the ceremony's HttpOnly cookie: the answer must come from the same browser within 5 minutes. 401 for an unknown, used or expired link.",
  request: {
    body: {
      required: false,
      content: { "application/json": { schema: z.object({ link: SignInLink.optional() }) } },
    },
  },
  responses: { 200: json(PasskeyOptionsSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const { link } = c.req.valid("json") ?? {};
  const options = await passkeyRegistrationOptions(serviceContext(c), {
    link,
    rp: relyingParty(c),
    browser: await ceremonyBrowser(c, true),
  });
  return c.json({ options }, 200);
};
