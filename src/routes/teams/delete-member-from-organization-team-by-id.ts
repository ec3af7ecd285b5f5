import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { deleteTeamMember } from "../../services/people";
import { TeamMemberParams } from "./schemas";

export const route = defineRoute({
  method: "delete",
  path: "/orgs/{organizationId}/teams/{teamId}/members/{userId}",
  operationId: "deleteMemberFromOrganizationTeamById",
  tags: ["organization-teams"],
  summary: "Delete a team member",
  request: { params: TeamMemberParams },
  responses: { 204: { description: "Removed (or was not in the team)" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const { organizationId, teamId, userId } = c.req.valid("param");
  await deleteTeamMember(serviceContext(c), organizationId, teamId, userId);
  return c.body(null, 204);
};
