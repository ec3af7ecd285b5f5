import { serviceContext } from "../../http/context";
import { errorResponses } from "../../http/errors";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { bulkUpsertSiteRedirects } from "../../services/sites";
import { SiteParams } from "../../wire/params";
import { BulkUpsertSiteRedirectsBody, BulkUpsertSiteRedirectsResult } from "../../wire/site-redirect";

export const route = defineRoute({
  method: "put",
  path: "/orgs/{organizationId}/sites/{siteId}/redirects",
  operationId: "bulkUpsertSiteRedirects",
  tags: ["site-redirects"],
  summary: "Create, update or delete site redirects in bulk",
  description:
    "`create` and up: up to 500 items, each setting the live redirect from its `source` (created, or updated when " +
    "one exists) or deleting it (`destination: null`). Checked as createSiteRedirect checks one, and written " +
    "atomically: an invalid item is a 400 naming it and nothing is written. Quire has no draft, wildcard or " +
    "temporary redirects: those fields are refused by name.",
  request: {
    params: SiteParams,
    body: { required: true, content: { "application/json": { schema: BulkUpsertSiteRedirectsBody } } },
  },
  responses: { 200: json(BulkUpsertSiteRedirectsResult), ...errorResponses(409) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const items = c.req.valid("json").redirects.map((r) => ({ source: r.source, destination: r.destination ?? null }));
  const results = await bulkUpsertSiteRedirects(serviceContext(c), p.organizationId, p.siteId, items);
  return c.json({ results }, 200);
};
