import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { prewarmSiteSearch } from "../../services/search";
import { SiteParams } from "../../wire/params";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites/{siteId}/search/prewarm",
  operationId: "prewarmSiteSearch",
  anonymous: true,
  tags: ["sites"],
  summary: "Prewarm a site's search",
  description:
    "A hint that searches of the site are coming: whoever may search the site (as searchSiteContent decides, " +
    "visitors with their share key or visitor JWT too) may send it; Quire reads the site's search index ahead. " +
    "Nothing changes: 204.",
  request: { params: SiteParams },
  responses: { 204: { description: "Search cache warmup accepted" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  await prewarmSiteSearch(serviceContext(c), p.organizationId, p.siteId);
  return c.body(null, 204);
};
