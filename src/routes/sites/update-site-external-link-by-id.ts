import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSiteExternalLink } from "../../presenters/site";
import { updateExternalLink } from "../../services/sites";
import { SiteExternalLinkSchema, UpdateExternalLinkBody } from "../../wire/site-external-link";
import { ReturnPreferenceHeaders, SiteExternalLinkParams } from "./external-link-schemas";

export const route = defineRoute({
  method: "patch",
  path: "/orgs/{organizationId}/sites/{siteId}/external-links/{siteExternalLinkId}",
  operationId: "updateSiteExternalLinkById",
  tags: ["site-external-links"],
  summary: "Update an external link in a site's navigation",
  description:
    "`create` and up: the fields given (null clears an optional one); `parent` moves the link, last, into a " +
    "section group of the site or (null) to its top level. `Prefer: return=minimal` answers 204.",
  request: {
    params: SiteExternalLinkParams,
    headers: ReturnPreferenceHeaders,
    body: { required: true, content: { "application/json": { schema: UpdateExternalLinkBody } } },
  },
  responses: {
    200: json(SiteExternalLinkSchema, "External link updated"),
    204: { description: "External link updated without returning its representation" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const row = await updateExternalLink(
    serviceContext(c),
    p.organizationId,
    p.siteId,
    p.siteExternalLinkId,
    c.req.valid("json"),
  );
  if (c.req.valid("header").prefer === "return=minimal") {
    return c.body(null, 204, { "Preference-Applied": "return=minimal" });
  }
  return c.json(presentSiteExternalLink(row), 200);
};
