import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { InstallationParams, SiteInstallationListQuery } from "./schemas";
import { presentSiteInstallations } from "./site-installation-items";
import { listInstallationTargetsOf } from "./target-installation-handlers";
import { SiteInstallationList } from "../../wire/integration-installation";

export const route = defineRoute({
  method: "get",
  path: "/integrations/{integrationName}/installations/{installationId}/sites",
  operationId: "listIntegrationInstallationSites",
  tags: ["integrations"],
  summary: "List all site integration installations",
  description: "The sites an organization installation is enabled on (members of its organization).",
  request: { params: InstallationParams, query: SiteInstallationListQuery },
  responses: { 200: json(SiteInstallationList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) =>
  c.json(await listInstallationTargetsOf(c, "site", presentSiteInstallations), 200);
