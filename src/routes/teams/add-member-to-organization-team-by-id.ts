import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { addTeamMember } from "../../services/people";
import { AddTeamMemberBody, TeamMemberParams } from "./schemas";

export const route = defineRoute({
  method: "put",
  path: "/orgs/{organizationId}/teams/{teamId}/members/{userId}",
  operationId: "addMemberToOrganizationTeamById",
  tags: ["organization-teams"],
  summary: "Add a team member (or change their team role)",
  request: {
    params: TeamMemberParams,
    body: { required: false, content: { "application/json": { schema: AddTeamMemberBody } } },
  },
  responses: { 204: { description: "Member has been added to the team" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const { organizationId, teamId, userId } = c.req.valid("param");
  await addTeamMember(serviceContext(c), organizationId, teamId, userId, c.req.valid("json")?.role);
  return c.body(null, 204);
};
