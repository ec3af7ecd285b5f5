import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSpecVersion } from "../../presenters/openapi";
import { getSpecVersion } from "../../services/openapi";
import { SpecParams } from "./schemas";
import { SpecVersionSchema } from "../../wire/openapi-spec";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/openapi/{specSlug}/versions/latest",
  operationId: "getLatestOpenAPISpecVersion",
  tags: ["openapi"],
  summary: "Get the latest OpenAPI spec version",
  request: { params: SpecParams },
  responses: { 200: json(SpecVersionSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, specSlug } = c.req.valid("param");
  const { spec, version } = await getSpecVersion(ctx, organizationId, specSlug, "latest");
  return c.json(presentSpecVersion(spec, version, ctx.urls), 200);
};
