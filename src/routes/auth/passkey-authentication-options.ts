import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { passkeyAuthenticationOptions } from "../../services/auth";
import { PasskeyOptionsSchema } from "../../wire/auth";
import { ceremonyBrowser, relyingParty } from "./ceremony";

export const route = defineRoute({
  method: "post",
  path: "/auth/passkeys/authentication/options",
  operationId: "createPasskeyAuthenticationOptions",
  anonymous: true,
  tags: ["auth"],
  summary: "Start signing in with a passkey (Quire)",
  description:
    "Options for navigator.credentials.get() with any passkey registered here. Sets the ceremony's HttpOnly cookie.",
  responses: { 200: json(PasskeyOptionsSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const options = await passkeyAuthenticationOptions(serviceContext(c), {
    rp: relyingParty(c),
    browser: await ceremonyBrowser(c, true),
  });
  return c.json({ options }, 200);
};
