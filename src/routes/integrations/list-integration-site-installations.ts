import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { IntegrationParams, IntegrationSiteInstallationsQuery } from "./schemas";
import { presentSiteInstallations } from "./site-installation-items";
import { listIntegrationTargetInstallationsOf } from "./target-installation-handlers";
import { SiteInstallationList } from "../../wire/integration-installation";

export const route = defineRoute({
  method: "get",
  path: "/integrations/{integrationName}/sites",
  operationId: "listIntegrationSiteInstallations",
  tags: ["integrations"],
  summary: "List all integration site installations",
  description:
    "The integration's site installations: all of them for admins of its organization, else those in the caller's organizations.",
  request: { params: IntegrationParams, query: IntegrationSiteInstallationsQuery },
  responses: { 200: json(SiteInstallationList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) =>
  c.json(await listIntegrationTargetInstallationsOf(c, "site", presentSiteInstallations), 200);
