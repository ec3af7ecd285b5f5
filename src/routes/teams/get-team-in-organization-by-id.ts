import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentTeam } from "../../presenters/team";
import { organizationAccess } from "../../services/access";
import { getTeam } from "../../services/people";
import { TeamParams } from "./schemas";
import { TeamSchema } from "../../wire/team";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/teams/{teamId}",
  operationId: "getTeamInOrganizationById",
  tags: ["organization-teams"],
  summary: "Get a team",
  request: { params: TeamParams },
  responses: { 200: json(TeamSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, teamId } = c.req.valid("param");
  const view = await getTeam(ctx, organizationId, teamId);
  return c.json(presentTeam(view, organizationAccess(ctx.caller, organizationId)), 200);
};
