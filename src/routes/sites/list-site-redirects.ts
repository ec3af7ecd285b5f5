import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { mapPage } from "../../lib/pagination";
import { presentSiteRedirect } from "../../presenters/site-redirect";
import { listSiteRedirects } from "../../services/sites";
import { SiteRedirectList } from "../../wire/site-redirect";
import { PageQuery } from "./redirect-schemas";
import { SiteParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/redirects",
  operationId: "listSiteRedirects",
  tags: ["site-redirects"],
  summary: "List all site redirects",
  description: "Members: the site's redirects, oldest first.",
  request: { params: SiteParams, query: PageQuery },
  responses: { 200: json(SiteRedirectList, "The list of redirects for the site.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const page = await listSiteRedirects(serviceContext(c), p.organizationId, p.siteId, c.req.valid("query"));
  return c.json(mapPage(page, presentSiteRedirect), 200);
};
