import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { mapPage } from "../../lib/pagination";
import { presentTeam } from "../../presenters/team";
import { organizationAccess } from "../../services/access";
import { listTeamsForMember } from "../../services/people";
import { MemberTeamList, MemberTeamsQuery } from "../../wire/team";
import { MemberParams } from "./schemas";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/members/{userId}/teams",
  operationId: "listTeamsForOrganizationMember",
  tags: ["organization-members"],
  summary: "List all organization member teams",
  request: { params: MemberParams, query: MemberTeamsQuery },
  responses: { 200: json(MemberTeamList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, userId } = c.req.valid("param");
  const page = await listTeamsForMember(ctx, organizationId, userId, c.req.valid("query"));
  const access = organizationAccess(ctx.caller, organizationId);
  return c.json(
    mapPage(page, (t) => ({ team: presentTeam(t, access), member: { role: t.memberRole } })),
    200,
  );
};
