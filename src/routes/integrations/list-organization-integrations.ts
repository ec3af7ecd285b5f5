import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { mapPage } from "../../lib/pagination";
import { presentIntegration } from "../../presenters/integration";
import { listIntegrations } from "../../services/integrations";
import { OrganizationParams } from "../../wire/params";
import { IntegrationListQuery } from "./schemas";
import { IntegrationList } from "../../wire/integration";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/integrations",
  operationId: "listOrganizationIntegrations",
  tags: ["integrations"],
  summary: "List all public integrations along with private ones trusted by the specific org.",
  request: { params: OrganizationParams, query: IntegrationListQuery },
  responses: { 200: json(IntegrationList, "List of integrations.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const page = await listIntegrations(ctx, c.req.valid("query"), c.req.valid("param").organizationId);
  return c.json(
    mapPage(page, (view) => presentIntegration(view, ctx.urls)),
    200,
  );
};
