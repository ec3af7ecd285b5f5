import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { ExtendedQuery, InstallationSiteParams } from "./schemas";
import { presentSiteInstallations } from "./site-installation-items";
import { getTargetInstallationOf } from "./target-installation-handlers";
import { SiteInstallationSchema } from "../../wire/integration-installation";

export const route = defineRoute({
  method: "get",
  path: "/integrations/{integrationName}/installations/{installationId}/sites/{siteId}",
  operationId: "getIntegrationSiteInstallation",
  tags: ["integrations"],
  summary: "Get an integration site installation",
  request: { params: InstallationSiteParams, query: ExtendedQuery },
  responses: { 200: json(SiteInstallationSchema, "Integration site installation") },
});

export const handler: AppRouteHandler<typeof route> = async (c) =>
  c.json(
    await getTargetInstallationOf(c, { kind: "site", id: c.req.valid("param").siteId }, presentSiteInstallations),
    200,
  );
