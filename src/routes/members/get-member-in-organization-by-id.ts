import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentMember } from "../../presenters/member";
import { getMember, withSpaceCounts } from "../../services/people";
import { MemberParams } from "./schemas";
import { OrganizationMemberSchema } from "../../wire/member";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/members/{userId}",
  operationId: "getMemberInOrganizationById",
  tags: ["organization-members"],
  summary: "Get an organization member by its ID",
  request: { params: MemberParams },
  responses: { 200: json(OrganizationMemberSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, userId } = c.req.valid("param");
  return c.json(
    presentMember(
      (await withSpaceCounts(ctx, organizationId, [await getMember(ctx, organizationId, userId)]))[0],
      ctx.urls,
    ),
    200,
  );
};
