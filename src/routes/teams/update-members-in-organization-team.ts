import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { updateTeamMembers } from "../../services/people";
import { TeamParams } from "./schemas";
import { UpdateTeamMembersBody } from "../../wire/team";

export const route = defineRoute({
  method: "put",
  path: "/orgs/{organizationId}/teams/{teamId}/members",
  operationId: "updateMembersInOrganizationTeam",
  tags: ["organization-teams"],
  summary: "Updates members of a team",
  description:
    "Adds (`add`), re-roles (`memberships`) and removes (`remove`) team members, named by user id or email; they must be members of the organization. A user both added and removed is removed.",
  request: {
    params: TeamParams,
    body: { required: true, content: { "application/json": { schema: UpdateTeamMembersBody } } },
  },
  responses: { 204: { description: "Members have been updated" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const { organizationId, teamId } = c.req.valid("param");
  await updateTeamMembers(serviceContext(c), organizationId, teamId, c.req.valid("json"));
  return c.body(null, 204);
};
