import type { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentSearchSpaces } from "../../presenters/search";
import { type SiteSearchScope, searchSite } from "../../services/search";
import { PageQuery } from "../../wire/common";
import { SiteParams } from "../../wire/params";
import { SearchSiteContentBody, SearchSpaceResultList } from "../../wire/search";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites/{siteId}/search",
  operationId: "searchSiteContent",
  anonymous: true,
  tags: ["sites"],
  summary: "Search in a site",
  description:
    "Full-text search of the spaces published on the site (the site spaces the scope selects), grouped by space like the organization search. Anyone may search a published public or unlisted site, or a share-link or visitor-auth site with its share key (`shareKey` or `X-Quire-Share-Key`) or visitor JWT (`X-Quire-Visitor-Token`); members who may view the site search the spaces of it they can read.",
  request: {
    params: SiteParams,
    query: PageQuery,
    body: { required: true, content: { "application/json": { schema: SearchSiteContentBody } } },
  },
  responses: { 200: json(SearchSpaceResultList) },
});

/** The body's scope, its deprecated forms mapped onto `scope` (`current`: the defaults plus that site space). */
function scopeOf(body: z.infer<typeof SearchSiteContentBody>): SiteSearchScope {
  const { scope } = body;
  if (scope?.mode === "default")
    return {
      mode: "default",
      includedSiteSpaces: scope.includedSiteSpaces ?? [],
      field: "body.scope.includedSiteSpaces",
    };
  if (scope?.mode === "specific")
    return { mode: "specific", siteSpaceIds: scope.siteSpaceIds, field: "body.scope.siteSpaceIds" };
  if (scope?.mode === "all" || body.mode === "all") return { mode: "all" };
  if (body.mode === "current" && body.siteSpaceId)
    return { mode: "default", includedSiteSpaces: [body.siteSpaceId], field: "body.siteSpaceId" };
  if (body.siteSpaceIds) return { mode: "specific", siteSpaceIds: body.siteSpaceIds, field: "body.siteSpaceIds" };
  return { mode: "default", includedSiteSpaces: [], field: "body" };
}

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const body = c.req.valid("json");
  const view = await searchSite(ctx, p.organizationId, p.siteId, {
    ...c.req.valid("query"),
    query: body.query,
    scope: scopeOf(body),
  });
  return c.json(presentSearchSpaces(ctx, view), 200);
};
