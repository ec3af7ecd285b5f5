import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentIntegrationEventWithTrace } from "../../presenters/integration";
import { getIntegrationEvent } from "../../services/integrations";
import { IntegrationEventParams } from "./schemas";
import { IntegrationEventWithTrace } from "../../wire/integration-runtime";

export const route = defineRoute({
  method: "get",
  path: "/integrations/{integrationName}/events/{eventId}",
  operationId: "getIntegrationEvent",
  tags: ["integrations"],
  summary: "Get an integration event by its ID",
  description: "Admins of the integration's organization; `trace.logs` is the script's console output and errors.",
  request: { params: IntegrationEventParams },
  responses: { 200: json(IntegrationEventWithTrace, "Integration event") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  return c.json(presentIntegrationEventWithTrace(await getIntegrationEvent(ctx, p.integrationName, p.eventId)), 200);
};
