import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { uninstallFrom } from "../../services/integrations";
import { InstallationSiteParams } from "./schemas";

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

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const removed = await uninstallFrom(serviceContext(c), p.integrationName, p.installationId, {
    kind: "site",
    id: p.siteId,
  });
  return c.body(null, removed ? 205 : 204);
};
