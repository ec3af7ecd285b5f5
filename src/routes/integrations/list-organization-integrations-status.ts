import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { mapPage } from "../../lib/pagination";
import { presentIntegration } from "../../presenters/integration";
import { listOrganizationInstallations } from "../../services/integrations";
import { OrganizationParams } from "../../wire/params";
import { OrganizationInstallationsQuery } from "./schemas";
import { OrganizationIntegrationStatusList } from "../../wire/integration-installation";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/integrations/installations-status",
  operationId: "listOrganizationIntegrationsStatus",
  tags: ["integrations"],
  summary: "List all integration statuses",
  description: "The integrations installed in the organization with their installation's status (admins).",
  request: { params: OrganizationParams, query: OrganizationInstallationsQuery },
  responses: { 200: json(OrganizationIntegrationStatusList, "List of integrations.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const page = await listOrganizationInstallations(ctx, c.req.valid("param").organizationId, c.req.valid("query"));
  return c.json(
    mapPage(page, (item) => ({
      status: item.installation.status,
      integration: presentIntegration(item.integration, ctx.urls),
    })),
    200,
  );
};
