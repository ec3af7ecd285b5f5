import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentIntegration } from "../../presenters/integration";
import { getIntegration } from "../../services/integrations";
import { IntegrationParams } from "./schemas";
import { IntegrationSchema } from "../../wire/integration";

export const route = defineRoute({
  method: "get",
  path: "/integrations/{integrationName}",
  operationId: "getIntegrationByName",
  tags: ["integrations"],
  summary: "Get an integration by its name",
  request: { params: IntegrationParams },
  responses: { 200: json(IntegrationSchema, "Integration") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const view = await getIntegration(ctx, c.req.valid("param").integrationName);
  return c.json(presentIntegration(view, ctx.urls), 200);
};
