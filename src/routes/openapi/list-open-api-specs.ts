import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { PageQuery } from "../../wire/common";
import { presentSpec } from "../../presenters/openapi";
import { listSpecs } from "../../services/openapi";
import { OrganizationParams } from "../../wire/params";
import { SpecList } from "../../wire/openapi-spec";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/openapi",
  operationId: "listOpenAPISpecs",
  tags: ["openapi"],
  summary: "List all OpenAPI spec",
  request: { params: OrganizationParams, query: PageQuery },
  responses: { 200: json(SpecList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { page, access } = await listSpecs(ctx, c.req.valid("param").organizationId, c.req.valid("query"));
  return c.json({ ...page, items: page.items.map((row) => presentSpec(row, access, ctx.urls)) }, 200);
};
