import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentInviteUsersResult } from "../../presenters/invite";
import { inviteUsers } from "../../services/people";
import { OrganizationParams } from "../../wire/params";
import { InviteUsersBody, InviteUsersResponse } from "../../wire/invite";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/invites",
  operationId: "inviteUsersToOrganization",
  tags: ["organization-invites"],
  summary: "Invite users in an organization (admins only)",
  description:
    "Existing users become members at once (`users`); other emails become pending invitations that turn into memberships when an account with that email is created. `invited` counts both. `links` (Quire) gives each new email a one-time link, valid 7 days, that creates that account with a passkey and joins with exactly that invitation; inviting the email again replaces it.",
  request: {
    params: OrganizationParams,
    body: { required: true, content: { "application/json": { schema: InviteUsersBody } } },
  },
  responses: { 200: json(InviteUsersResponse) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const result = await inviteUsers(ctx, c.req.valid("param").organizationId, c.req.valid("json"));
  return c.json(presentInviteUsersResult(result, ctx.urls), 200);
};
