import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentInviteLink } from "../../presenters/invite";
import { organizationAccess } from "../../services/access";
import { getInviteLink } from "../../services/people";
import { InviteParams } from "./schemas";
import { InviteLinkSchema } from "../../wire/invite";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/link-invites/{inviteId}",
  operationId: "getOrganizationInviteLink",
  tags: ["organization-invites"],
  summary: "Get an organization invite link (admins only)",
  request: { params: InviteParams },
  responses: {
    200: json(InviteLinkSchema, "Invite link in the organization"),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, inviteId } = c.req.valid("param");
  const row = await getInviteLink(ctx, organizationId, inviteId);
  return c.json(presentInviteLink(row, organizationAccess(ctx.caller, organizationId), ctx.urls), 200);
};
