import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { mapPage } from "../../lib/pagination";
import { presentIntegration } from "../../presenters/integration";
import { listIntegrations } from "../../services/integrations";
import { IntegrationListQuery } from "./schemas";
import { IntegrationList } from "../../wire/integration";

export const route = defineRoute({
  method: "get",
  path: "/integrations",
  operationId: "listIntegrations",
  tags: ["integrations"],
  summary: "List all public integrations",
  description: "Public integrations, and every integration of the organizations the caller belongs to, by name.",
  request: { query: IntegrationListQuery },
  responses: { 200: json(IntegrationList, "Paginated list of integrations") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const page = await listIntegrations(ctx, c.req.valid("query"));
  return c.json(
    mapPage(page, (view) => presentIntegration(view, ctx.urls)),
    200,
  );
};
