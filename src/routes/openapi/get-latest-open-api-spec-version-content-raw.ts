import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { getLatestSpecRawContent } from "../../services/openapi";
import { SpecParams } from "./schemas";
import { SpecRawContentSchema } from "../../wire/openapi-spec";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/openapi/{specSlug}/versions/latest/content/raw",
  operationId: "getLatestOpenAPISpecVersionContentRaw",
  tags: ["openapi"],
  summary: "Get the raw content of the latest OpenAPI spec version",
  description:
    "The latest version's stored text, exactly as submitted (or as fetched from its URL), with its format: JSON " +
    "when processing parsed it as JSON or, before that, when it starts with `{`; YAML otherwise. 404 while a URL " +
    "source has not been fetched, or when its fetch failed.",
  request: { params: SpecParams },
  responses: { 200: json(SpecRawContentSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, specSlug } = c.req.valid("param");
  // The text is the spec's own: the presenter would only copy two fields.
  return c.json(await getLatestSpecRawContent(ctx, organizationId, specSlug), 200);
};
