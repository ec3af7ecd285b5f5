import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentOrganization } from "../../presenters/organization";
import { getOrganization } from "../../services/people";
import { OrganizationParams } from "../../wire/params";
import { OrganizationSchema } from "../../wire/organization";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}",
  operationId: "getOrganizationById",
  tags: ["organizations"],
  summary: "Get an organization by its ID",
  request: { params: OrganizationParams },
  responses: { 200: json(OrganizationSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { row, access } = await getOrganization(ctx, c.req.valid("param").organizationId);
  return c.json(presentOrganization(row, access, ctx.urls), 200);
};
