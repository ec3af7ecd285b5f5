import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentTeam } from "../../presenters/team";
import { organizationAccess } from "../../services/access";
import { updateTeam } from "../../services/people";
import { TeamParams } from "./schemas";
import { TeamSchema, UpdateTeamBody } from "../../wire/team";

export const route = defineRoute({
  method: "patch",
  path: "/orgs/{organizationId}/teams/{teamId}",
  operationId: "updateTeamInOrganizationById",
  tags: ["organization-teams"],
  summary: "Update a team (organization admins and team owners)",
  request: {
    params: TeamParams,
    body: { required: true, content: { "application/json": { schema: UpdateTeamBody } } },
  },
  responses: {
    200: json(TeamSchema, "The team has been updated"),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, teamId } = c.req.valid("param");
  const view = await updateTeam(ctx, organizationId, teamId, c.req.valid("json").title);
  return c.json(presentTeam(view, organizationAccess(ctx.caller, organizationId)), 200);
};
