import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { getTargetInstallation } from "../../services/integrations";
import { ExtendedQuery, InstallationSiteParams, SiteInstallationSchema } from "./schemas";
import { presentSiteInstallations } from "./site-installation-items";

export const route = defineRoute({
  method: "get",
  path: "/integrations/{integrationName}/installations/{installationId}/sites/{siteId}",
  operationId: "getIntegrationSiteInstallation",
  tags: ["integrations"],
  summary: "Get an integration site installation",
  request: { params: InstallationSiteParams, query: ExtendedQuery },
  responses: { 200: json(SiteInstallationSchema, "Integration site installation") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await getTargetInstallation(ctx, p.integrationName, p.installationId, { kind: "site", id: p.siteId });
  const [body] = await presentSiteInstallations(ctx, [view], c.req.valid("query").extended);
  return c.json(body!, 200);
};
