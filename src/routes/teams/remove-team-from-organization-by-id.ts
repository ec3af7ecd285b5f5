import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { deleteTeam } from "../../services/people";
import { TeamParams } from "./schemas";

export const route = defineRoute({
  method: "delete",
  path: "/orgs/{organizationId}/teams/{teamId}",
  operationId: "removeTeamFromOrganizationById",
  tags: ["organization-teams"],
  summary: "Delete a team (organization admins and team owners)",
  request: { params: TeamParams },
  responses: { 204: { description: "Deleted (or did not exist)" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const { organizationId, teamId } = c.req.valid("param");
  await deleteTeam(serviceContext(c), organizationId, teamId);
  return c.body(null, 204);
};
