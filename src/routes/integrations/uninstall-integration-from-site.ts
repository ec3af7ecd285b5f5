import { type AppRouteHandler, defineRoute } from "../../http/router";
import { InstallationSiteParams } from "./schemas";
import { uninstallFromTarget } from "./target-installation-handlers";

export const route = defineRoute({
  method: "delete",
  path: "/integrations/{integrationName}/installations/{installationId}/sites/{siteId}",
  operationId: "uninstallIntegrationFromSite",
  tags: ["integrations"],
  summary: "Uninstall an integration from a site",
  request: { params: InstallationSiteParams },
  responses: {
    204: { description: "The site installation did not exist." },
    205: { description: "The site installation has been deleted." },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) =>
  c.body(null, (await uninstallFromTarget(c, { kind: "site", id: c.req.valid("param").siteId })) ? 205 : 204);
