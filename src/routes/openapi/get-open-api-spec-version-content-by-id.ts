import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSpecContent } from "../../presenters/openapi";
import { getSpecVersionContent } from "../../services/openapi";
import { SpecVersionParams } from "./schemas";
import { SpecContentSchema } from "../../wire/openapi-spec";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}/content",
  operationId: "getOpenAPISpecVersionContentById",
  tags: ["openapi"],
  summary: "Get an OpenAPI spec version content by its ID",
  description: "The stored text, once the version was processed without an error (404 until then).",
  request: { params: SpecVersionParams },
  responses: { 200: json(SpecContentSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, specSlug } = c.req.valid("param");
  const { spec, version, text } = await getSpecVersionContent(
    ctx,
    organizationId,
    specSlug,
    c.req.valid("param").versionId,
  );
  return c.json(presentSpecContent(spec, version, text, ctx.urls), 200);
};
