import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentSiteRedirect } from "../../presenters/site-redirect";
import { getSiteRedirectBySource } from "../../services/sites";
import { ResolvedSiteRedirectSchema } from "../../wire/site-redirect";
import { SiteRedirectBySourceQuery } from "./redirect-schemas";
import { SiteParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/redirect",
  operationId: "getSiteRedirectBySource",
  anonymous: true,
  tags: ["site-redirects"],
  summary: "Get a site redirect by its source",
  description:
    "Members: the redirect from `source` and `target`, its destination's published path relative to the site " +
    "(absolute URLs come with the published-site renderer). 404 when there is no such redirect or its " +
    "destination no longer exists.",
  request: { params: SiteParams, query: SiteRedirectBySourceQuery },
  responses: { 200: json(ResolvedSiteRedirectSchema, "The redirect was resolved successfully.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const { row, target } = await getSiteRedirectBySource(
    serviceContext(c),
    p.organizationId,
    p.siteId,
    c.req.valid("query").source,
  );
  return c.json({ redirect: presentSiteRedirect(row), target }, 200);
};
