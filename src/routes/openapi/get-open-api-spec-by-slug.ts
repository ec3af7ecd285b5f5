import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSpec } from "../../presenters/openapi";
import { getSpec } from "../../services/openapi";
import { SpecParams } from "./schemas";
import { SpecSchema } from "../../wire/openapi-spec";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/openapi/{specSlug}",
  operationId: "getOpenAPISpecBySlug",
  tags: ["openapi"],
  summary: "Get an OpenAPI spec by its slug",
  request: { params: SpecParams },
  responses: { 200: json(SpecSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, specSlug } = c.req.valid("param");
  const { row, access } = await getSpec(ctx, organizationId, specSlug);
  return c.json(presentSpec(row, access, ctx.urls), 200);
};
