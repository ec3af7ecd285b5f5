import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentIntegration } from "../../presenters/integration";
import { publishIntegration } from "../../services/integrations";
import { IntegrationParams } from "./schemas";
import { IntegrationSchema, PublishIntegrationBody } from "../../wire/integration";

export const route = defineRoute({
  method: "post",
  path: "/integrations/{integrationName}",
  operationId: "publishIntegration",
  tags: ["integrations"],
  summary: "Publish an integration",
  description:
    "Creates the integration or publishes its next version (admins of `organization`, which must own it). The " +
    "script, icon and preview images are stored; `secrets` are encrypted at rest and never returned (omitted, " +
    "the previous version's stay).",
  request: {
    params: IntegrationParams,
    body: { required: true, content: { "application/json": { schema: PublishIntegrationBody } } },
  },
  responses: { 200: json(IntegrationSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const view = await publishIntegration(ctx, c.req.valid("param").integrationName, c.req.valid("json"));
  return c.json(presentIntegration(view, ctx.urls), 200);
};
