import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { passkeyRegistrationOptions } from "../../services/auth";
import { InvitationLink, InviteReference, NewAccount, PasskeyOptionsSchema, SignInLink } from "../../wire/auth";
import { ceremonyBrowser, relyingParty } from "./ceremony";

const Body = z
  .object({
    link: SignInLink.optional(),
    invite: InviteReference.optional(),
    invitation: InvitationLink.optional(),
    user: NewAccount.optional(),
  })
  .superRefine((body, ctx) => {
    const through = (["link", "invite", "invitation"] as const).filter((key) => body[key] !== undefined);
    if (through.length > 1) {
      ctx.addIssue({ code: "custom", path: [through[1]!], message: `cannot be sent with ${through[0]}` });
    } else if (body.invite && !body.user) {
      ctx.addIssue({ code: "custom", path: ["user"], message: "is required with invite" });
    } else if (body.invite && body.user?.email === undefined) {
      ctx.addIssue({ code: "custom", path: ["user", "email"], message: "is required with invite" });
    } else if (body.invitation !== undefined && !body.user) {
      ctx.addIssue({ code: "custom", path: ["user"], message: "is required with invitation" });
    } else if (body.invitation !== undefined && body.user?.email !== undefined) {
      ctx.addIssue({ code: "custom", path: ["user", "email"], message: "is the invitation's own: do not send it" });
    } else if (body.user && !body.invite && body.invitation === undefined) {
      ctx.addIssue({ code: "custom", path: ["user"], message: "is only accepted with invite or invitation" });
    }
  });

export const route = defineRoute({
  method: "post",
  path: "/auth/passkeys/registration/options",
  operationId: "createPasskeyRegistrationOptions",
  anonymous: true,
  tags: ["auth"],
  summary: "Start registering a passkey (Quire)",
  description:
    "With `link` (a one-time sign-in link's secret), for that link's person (401 for an unknown, used or expired link). With `invite` and `user`, for a new person joining through that invite link: 404/403 for a link that joinOrganizationWithInvite refuses. With `invitation` (an email invitation's one-time link, from inviteUsersToOrganization) and `user.displayName`, for the invited email's new account (401 for an unknown, used or expired one). Either sign-up is for people who are signed out (a signed-in person joins with joinOrganizationWithInvite), and is 409 when an account has that email: sign in, then join. Without any, for the signed-in caller adding another passkey. Sets the ceremony's HttpOnly cookie: the answer must come from the same browser within 5 minutes.",
  request: {
    body: { required: false, content: { "application/json": { schema: Body } } },
  },
  responses: { 200: json(PasskeyOptionsSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const { link, invite, invitation, user } = c.req.valid("json") ?? {};
  const options = await passkeyRegistrationOptions(serviceContext(c), {
    link,
    invite,
    invitation,
    person: user,
    rp: relyingParty(c),
    browser: await ceremonyBrowser(c, true),
  });
  return c.json({ options }, 200);
};
