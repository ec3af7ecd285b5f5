import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentMember } from "../../presenters/member";
import { listMembers, withSpaceCounts } from "../../services/people";
import { OrganizationParams } from "../../wire/params";
import { MemberList } from "../../wire/member";
import { MemberListQuery } from "./schemas";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/members",
  operationId: "listMembersInOrganizationById",
  tags: ["organization-members"],
  summary: "List all organization members",
  request: { params: OrganizationParams, query: MemberListQuery },
  responses: { 200: json(MemberList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId } = c.req.valid("param");
  const page = await listMembers(ctx, organizationId, c.req.valid("query"));
  return c.json(
    { ...page, items: (await withSpaceCounts(ctx, organizationId, page.items)).map((m) => presentMember(m, ctx.urls)) },
    200,
  );
};
