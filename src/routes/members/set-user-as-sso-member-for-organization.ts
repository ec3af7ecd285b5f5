import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentMember } from "../../presenters/member";
import { setSSOMember, withSpaceCounts } from "../../services/people";
import { MemberParams } from "./schemas";
import { OrganizationMemberSchema } from "../../wire/member";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/members/{userId}/sso",
  operationId: "setUserAsSSOMemberForOrganization",
  tags: ["organization-members"],
  summary: "Set a user as an SSO member of an organization (admins only)",
  request: { params: MemberParams },
  responses: {
    200: json(OrganizationMemberSchema, "The user has been added as an SSO member of the organization"),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, userId } = c.req.valid("param");
  return c.json(
    presentMember(
      (await withSpaceCounts(ctx, organizationId, [await setSSOMember(ctx, organizationId, userId)]))[0],
      ctx.urls,
    ),
    200,
  );
};
