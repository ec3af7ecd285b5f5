import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { deleteSiteRedirect } from "../../services/sites";
import { SiteRedirectParams } from "./redirect-schemas";

export const route = defineRoute({
  method: "delete",
  path: "/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}",
  operationId: "deleteSiteRedirectById",
  tags: ["site-redirects"],
  summary: "Delete a site redirect",
  description: "`create` and up.",
  request: { params: SiteRedirectParams },
  responses: {
    204: { description: "Site redirect did not exist" },
    205: { description: "Site redirect deleted" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const deleted = await deleteSiteRedirect(serviceContext(c), p.organizationId, p.siteId, p.siteRedirectId);
  return c.body(null, deleted ? 205 : 204);
};
