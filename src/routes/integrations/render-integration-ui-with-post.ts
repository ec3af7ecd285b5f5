import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { runtimePresenters } from "../../presenters/integration-runtime";
import { renderIntegrationUI } from "../../services/integrations";
import { IntegrationParams } from "./schemas";
import { ContentKitRenderOutputSchema, RenderIntegrationUIBody } from "../../wire/integration-runtime";

export const route = defineRoute({
  method: "post",
  path: "/integrations/{integrationName}/render",
  operationId: "renderIntegrationUIWithPost",
  tags: ["integrations"],
  summary: "Render an integration UI with POST method",
  description:
    "Delivers a `ui_render` event to the integration's script for the installation the context points at (members " +
    "who can see the space, site or organization) and answers its ContentKit output with its Cache-Control.",
  request: {
    params: IntegrationParams,
    body: { content: { "application/json": { schema: RenderIntegrationUIBody } } },
  },
  responses: { 200: json(ContentKitRenderOutputSchema, "ContentKit element to render") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = { ...serviceContext(c), presenters: runtimePresenters };
  const rendered = await renderIntegrationUI(ctx, c.req.valid("param").integrationName, c.req.valid("json"));
  if (rendered.cacheControl) c.header("Cache-Control", rendered.cacheControl);
  return c.json(rendered.output as { type: "element" | "complete" }, 200);
};
