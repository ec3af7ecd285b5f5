import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { listVisitorSegments } from "../../services/insights";
import { PageQuery } from "../../wire/common";
import { SiteParams } from "../../wire/params";
import { SiteInsightsVisitorSegmentList } from "../../wire/insights";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/insights/visitor-segments",
  operationId: "listSiteVisitorSegments",
  tags: ["site-insights"],
  summary: "List a site visitor segments",
  description:
    "Members who see the site. Visitors grouped by the claims their visitor pass carried, most events first.",
  request: { params: SiteParams, query: PageQuery },
  responses: { 200: json(SiteInsightsVisitorSegmentList, "List of visitor segments in the site.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  return c.json(await listVisitorSegments(serviceContext(c), p.organizationId, p.siteId, c.req.valid("query")), 200);
};
