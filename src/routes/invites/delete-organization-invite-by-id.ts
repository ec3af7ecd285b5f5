import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { deleteInviteLink } from "../../services/people";
import { InviteParams } from "./schemas";

export const route = defineRoute({
  method: "delete",
  path: "/orgs/{organizationId}/link-invites/{inviteId}",
  operationId: "deleteOrganizationInviteById",
  tags: ["organization-invites"],
  summary: "Delete an organization invite link (admins only); it can no longer be used to join",
  request: { params: InviteParams },
  responses: { 204: { description: "Deleted (or did not exist)" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const { organizationId, inviteId } = c.req.valid("param");
  await deleteInviteLink(serviceContext(c), organizationId, inviteId);
  return c.body(null, 204);
};
