import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { listInstallationTargets } from "../../services/integrations";
import { InstallationParams, SiteInstallationList, SiteInstallationListQuery } from "./schemas";
import { presentSiteInstallations } from "./site-installation-items";

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

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const q = c.req.valid("query");
  const page = await listInstallationTargets(ctx, p.integrationName, p.installationId, "site", q);
  return c.json({ ...page, items: await presentSiteInstallations(ctx, page.items, q.extended) }, 200);
};
