import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { mapPage } from "../../lib/pagination";
import { presentInstallation, presentIntegration } from "../../presenters/integration";
import { listOrganizationInstallations } from "../../services/integrations";
import { OrganizationParams } from "../../wire/params";
import { OrganizationInstallationsQuery } from "./schemas";
import { OrganizationInstallationList } from "../../wire/integration-installation";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/installations",
  operationId: "listOrganizationInstallations",
  tags: ["integrations"],
  summary: "List all integration installations",
  description: "The organization's installations with their integrations, by integration name (admins).",
  request: { params: OrganizationParams, query: OrganizationInstallationsQuery },
  responses: { 200: json(OrganizationInstallationList, "List of integrations with the associated installations.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const page = await listOrganizationInstallations(ctx, c.req.valid("param").organizationId, c.req.valid("query"));
  return c.json(
    mapPage(page, (item) => ({
      installation: presentInstallation(item.installation, ctx.urls),
      integration: presentIntegration(item.integration, ctx.urls),
    })),
    200,
  );
};
