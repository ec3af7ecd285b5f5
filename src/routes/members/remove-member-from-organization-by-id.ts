import { serviceContext } from "../../http/context";
import { errorResponses } from "../../http/errors";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { removeMember } from "../../services/people";
import { MemberParams } from "./schemas";

export const route = defineRoute({
  method: "delete",
  path: "/orgs/{organizationId}/members/{userId}",
  operationId: "removeMemberFromOrganizationById",
  tags: ["organization-members"],
  summary: "Delete an organization member (admins; or yourself, to leave; the last admin cannot be removed)",
  request: { params: MemberParams },
  responses: { 204: { description: "Removed (or was not a member)" }, ...errorResponses(409) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const { organizationId, userId } = c.req.valid("param");
  await removeMember(serviceContext(c), organizationId, userId);
  return c.body(null, 204);
};
