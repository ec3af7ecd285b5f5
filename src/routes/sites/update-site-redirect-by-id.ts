import { serviceContext } from "../../http/context";
import { errorResponses } from "../../http/errors";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentSiteRedirect } from "../../presenters/site-redirect";
import { updateSiteRedirect } from "../../services/sites";
import { SiteRedirectSchema, UpdateSiteRedirectBody } from "../../wire/site-redirect";
import { SiteRedirectParams } from "./redirect-schemas";

export const route = defineRoute({
  method: "patch",
  path: "/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}",
  operationId: "updateSiteRedirectById",
  tags: ["site-redirects"],
  summary: "Update a site redirect",
  description: "`create` and up: `source` (unique per site, 409 otherwise) and `destination` (checked as on create).",
  request: {
    params: SiteRedirectParams,
    body: { required: true, content: { "application/json": { schema: UpdateSiteRedirectBody } } },
  },
  responses: { 200: json(SiteRedirectSchema), ...errorResponses(409) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const row = await updateSiteRedirect(
    serviceContext(c),
    p.organizationId,
    p.siteId,
    p.siteRedirectId,
    c.req.valid("json"),
  );
  return c.json(presentSiteRedirect(row), 200);
};
