import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
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
    "Existing users become members at once (`users`); other emails become pending invitations that turn into memberships when an account with that email is created. `invited` counts both.",
  request: {
    params: OrganizationParams,
    body: { required: true, content: { "application/json": { schema: InviteUsersBody } } },
  },
  responses: { 200: json(InviteUsersResponse) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  return c.json(await inviteUsers(serviceContext(c), c.req.valid("param").organizationId, c.req.valid("json")), 200);
};
