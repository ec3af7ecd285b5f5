import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSpecContent } from "../../presenters/openapi";
import { getSpecVersionContent } from "../../services/openapi";
import { SpecParams } from "./schemas";
import { SpecContentSchema } from "../../wire/openapi-spec";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/openapi/{specSlug}/versions/latest/content",
  operationId: "getLatestOpenAPISpecVersionContent",
  tags: ["openapi"],
  summary: "Get the latest OpenAPI spec version content",
  description: "The stored text, once the version was processed without an error (404 until then).",
  request: { params: SpecParams },
  responses: { 200: json(SpecContentSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, specSlug } = c.req.valid("param");
  const { spec, version, text } = await getSpecVersionContent(ctx, organizationId, specSlug, "latest");
  return c.json(presentSpecContent(spec, version, text, ctx.urls), 200);
};
