import LZString from "lz-string";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { badRequest } from "../../lib/errors";
import { runtimePresenters } from "../../presenters/integration-runtime";
import { renderIntegrationUI } from "../../services/integrations";
import { IntegrationParams, RenderQuery } from "./schemas";
import { ContentKitRenderOutputSchema, RenderIntegrationUIBody } from "../../wire/integration-runtime";

export const route = defineRoute({
  method: "get",
  path: "/integrations/{integrationName}/render",
  operationId: "renderIntegrationUIWithGet",
  tags: ["integrations"],
  summary: "Render an integration UI with GET method",
  description:
    "`request` is the RenderIntegrationUI body as JSON compressed with LZ-string (`compressToEncodedURIComponent`); " +
    "otherwise as renderIntegrationUIWithPost. Cacheable: the script's Cache-Control is answered.",
  request: { params: IntegrationParams, query: RenderQuery },
  responses: { 200: json(ContentKitRenderOutputSchema, "ContentKit element to render") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = { ...serviceContext(c), presenters: runtimePresenters };
  let decoded: unknown;
  try {
    decoded = JSON.parse(LZString.decompressFromEncodedURIComponent(c.req.valid("query").request) ?? "");
  } catch {
    throw badRequest("query.request: must be LZ-string compressed JSON");
  }
  const parsed = RenderIntegrationUIBody.safeParse(decoded);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`query.request.${issue.path.join(".")}: ${issue.message}`);
  }
  const rendered = await renderIntegrationUI(ctx, c.req.valid("param").integrationName, parsed.data);
  if (rendered.cacheControl) c.header("Cache-Control", rendered.cacheControl);
  return c.json(rendered.output as { type: "element" | "complete" }, 200);
};
