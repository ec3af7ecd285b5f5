import { serviceContext } from "../../http/context";
import { errorResponses } from "../../http/errors";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentMember } from "../../presenters/member";
import { updateMemberRole, withSpaceCounts } from "../../services/people";
import { MemberParams } from "./schemas";
import { OrganizationMemberSchema, UpdateMemberBody } from "../../wire/member";

export const route = defineRoute({
  method: "patch",
  path: "/orgs/{organizationId}/members/{userId}",
  operationId: "updateMemberInOrganizationById",
  tags: ["organization-members"],
  summary: "Update an organization member (admins only; the last admin cannot be demoted)",
  request: {
    params: MemberParams,
    body: { required: true, content: { "application/json": { schema: UpdateMemberBody } } },
  },
  responses: {
    200: json(OrganizationMemberSchema, "The member has been updated"),
    ...errorResponses(409),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, userId } = c.req.valid("param");
  const view = await updateMemberRole(ctx, organizationId, userId, c.req.valid("json").role);
  return c.json(presentMember((await withSpaceCounts(ctx, organizationId, [view]))[0], ctx.urls), 200);
};
