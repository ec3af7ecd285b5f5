import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { listSiteSections } from "../../services/sites";
import { SiteParams } from "../../wire/params";
import { SiteSectionList } from "../../wire/site-structure";
import { SiteSectionListQuery } from "./schemas";
import { presentSiteSections } from "./site-space-items";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/sections",
  operationId: "listSiteSections",
  anonymous: true,
  tags: ["sites"],
  summary: "List all site sections",
  request: { params: SiteParams, query: SiteSectionListQuery },
  responses: { 200: json(SiteSectionList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const page = await listSiteSections(ctx, p.organizationId, p.siteId, c.req.valid("query"));
  return c.json({ ...page, items: await presentSiteSections(ctx, page.items) }, 200);
};
