import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { listSiteSpaces } from "../../services/sites";
import { SiteParams } from "../../wire/params";
import { SiteSpaceList } from "../../wire/site-structure";
import { SiteSpaceListQuery } from "./schemas";
import { presentSiteSpaces } from "./site-space-items";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/site-spaces",
  operationId: "listSiteSpaces",
  anonymous: true,
  tags: ["sites"],
  summary: "List all the site spaces",
  description:
    "In structure order; `default` keeps only the default site space (true) or all but it (false). Site spaces " +
    "whose space the caller cannot read are left out of the page.",
  request: { params: SiteParams, query: SiteSpaceListQuery },
  responses: { 200: json(SiteSpaceList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const page = await listSiteSpaces(ctx, p.organizationId, p.siteId, c.req.valid("query"));
  return c.json({ ...page, items: await presentSiteSpaces(ctx, page.items) }, 200);
};
