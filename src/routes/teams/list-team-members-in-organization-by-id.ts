import { serviceContext } from "../../http/context";
import { listTeamMembers, withSpaceCounts } from "../../services/people";
import { organizationAccess } from "../../services/access";
import { permissionsObject } from "../../services/access";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { PageQuery } from "../../wire/common";
import { presentMember } from "../../presenters/member";
import { TeamParams } from "./schemas";
import { TeamMemberList } from "../../wire/team";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/teams/{teamId}/members",
  operationId: "listTeamMembersInOrganizationById",
  tags: ["organization-teams"],
  summary: "List all team members",
  request: { params: TeamParams, query: PageQuery },
  responses: { 200: json(TeamMemberList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, teamId } = c.req.valid("param");
  const page = await listTeamMembers(ctx, organizationId, teamId, c.req.valid("query"));
  const permissions = permissionsObject(organizationAccess(ctx.caller, organizationId), {
    view: "organization.listMembers",
  });
  const members = await withSpaceCounts(ctx, organizationId, page.items);
  return c.json(
    {
      ...page,
      items: members.map((m) => ({
        organization: presentMember(m, ctx.urls),
        team: { role: m.teamRole },
        permissions,
      })),
    },
    200,
  );
};
