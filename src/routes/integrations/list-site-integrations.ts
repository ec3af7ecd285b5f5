import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { mapPage } from "../../lib/pagination";
import { presentIntegration } from "../../presenters/integration";
import { listSiteIntegrations } from "../../services/integrations";
import { SiteParams } from "../../wire/params";
import { SiteIntegrationsQuery } from "./schemas";
import { IntegrationList } from "../../wire/integration";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/integrations",
  operationId: "listSiteIntegrations",
  tags: ["integrations"],
  summary: "List integrations enabled in a site.",
  description: "The integrations installed on the site, by name (members of its organization).",
  request: { params: SiteParams, query: SiteIntegrationsQuery },
  responses: { 200: json(IntegrationList, "Listing of integrations enabled in the site.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const page = await listSiteIntegrations(ctx, p.organizationId, p.siteId, c.req.valid("query"));
  return c.json(
    mapPage(page, (view) => presentIntegration(view, ctx.urls)),
    200,
  );
};
