import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { mapPage } from "../../lib/pagination";
import { presentTeam } from "../../presenters/team";
import { organizationAccess } from "../../services/access";
import { listTeams } from "../../services/people";
import { OrganizationParams } from "../../wire/params";
import { TeamListQuery } from "./schemas";
import { TeamList } from "../../wire/team";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/teams",
  operationId: "listTeamsInOrganizationById",
  tags: ["organization-teams"],
  summary: "List all teams",
  request: { params: OrganizationParams, query: TeamListQuery },
  responses: { 200: json(TeamList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId } = c.req.valid("param");
  const page = await listTeams(ctx, organizationId, c.req.valid("query"));
  const access = organizationAccess(ctx.caller, organizationId);
  return c.json(
    mapPage(page, (t) => presentTeam(t, access)),
    200,
  );
};
