import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { PageQuery } from "../../wire/common";
import { presentOrganization } from "../../presenters/organization";
import { listOrganizationsForCaller } from "../../services/people";
import type { MemberRole } from "../../services/access";
import { OrganizationList } from "../../wire/organization";

export const route = defineRoute({
  method: "get",
  path: "/orgs",
  operationId: "listOrganizationsForAuthenticatedUser",
  tags: ["organizations"],
  summary: "Get the list of organizations for the currently authenticated user",
  request: { query: PageQuery },
  responses: { 200: json(OrganizationList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const page = await listOrganizationsForCaller(ctx, c.req.valid("query"));
  return c.json(
    { ...page, items: page.items.map((r) => presentOrganization(r.organization, r.role as MemberRole, ctx.urls)) },
    200,
  );
};
