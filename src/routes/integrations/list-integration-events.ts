import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { mapPage } from "../../lib/pagination";
import { presentIntegrationEvent } from "../../presenters/integration";
import { listIntegrationEvents } from "../../services/integrations";
import { PageQuery } from "../../wire/common";
import { IntegrationParams } from "./schemas";
import { IntegrationEventList } from "../../wire/integration-runtime";

export const route = defineRoute({
  method: "get",
  path: "/integrations/{integrationName}/events",
  operationId: "listIntegrationEvents",
  tags: ["integrations"],
  summary: "List all integration events",
  description: "Admins of the integration's organization; delivered events (success or failed), newest first.",
  request: { params: IntegrationParams, query: PageQuery },
  responses: { 200: json(IntegrationEventList, "Paginated list of integration events") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const page = await listIntegrationEvents(ctx, c.req.valid("param").integrationName, c.req.valid("query"));
  return c.json(mapPage(page, presentIntegrationEvent), 200);
};
