import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSpecVersion } from "../../presenters/openapi";
import { getSpecVersion } from "../../services/openapi";
import { SpecVersionParams } from "./schemas";
import { SpecVersionSchema } from "../../wire/openapi-spec";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}",
  operationId: "getOpenAPISpecVersionById",
  tags: ["openapi"],
  summary: "Get an OpenAPI spec version by its ID",
  request: { params: SpecVersionParams },
  responses: { 200: json(SpecVersionSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, specSlug } = c.req.valid("param");
  const { spec, version } = await getSpecVersion(ctx, organizationId, specSlug, c.req.valid("param").versionId);
  return c.json(presentSpecVersion(spec, version, ctx.urls), 200);
};
