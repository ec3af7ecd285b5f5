import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentTeam } from "../../presenters/team";
import { organizationAccess } from "../../services/access";
import { createTeam } from "../../services/people";
import { OrganizationParams } from "../../wire/params";
import { TeamSchema, CreateTeamBody } from "../../wire/team";

export const route = defineRoute({
  method: "put",
  path: "/orgs/{organizationId}/teams",
  operationId: "createOrganizationTeam",
  tags: ["organization-teams"],
  summary: "Create a team (admins only), with initial members (user ids or emails of organization members)",
  request: {
    params: OrganizationParams,
    body: { required: true, content: { "application/json": { schema: CreateTeamBody } } },
  },
  responses: { 201: json(TeamSchema, "Team has been created") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId } = c.req.valid("param");
  const view = await createTeam(ctx, organizationId, c.req.valid("json"));
  return c.json(presentTeam(view, organizationAccess(ctx.caller, organizationId)), 201);
};
