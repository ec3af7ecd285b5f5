import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { listIntegrationTargetInstallations } from "../../services/integrations";
import { IntegrationParams, IntegrationSiteInstallationsQuery, SiteInstallationList } from "./schemas";
import { presentSiteInstallations } from "./site-installation-items";

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

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const q = c.req.valid("query");
  const page = await listIntegrationTargetInstallations(ctx, c.req.valid("param").integrationName, "site", q);
  return c.json({ ...page, items: await presentSiteInstallations(ctx, page.items, q.extended) }, 200);
};
