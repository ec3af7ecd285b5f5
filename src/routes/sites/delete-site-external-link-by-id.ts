import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { deleteExternalLink } from "../../services/sites";
import { SiteExternalLinkParams } from "./external-link-schemas";

export const route = defineRoute({
  method: "delete",
  path: "/orgs/{organizationId}/sites/{siteId}/external-links/{siteExternalLinkId}",
  operationId: "deleteSiteExternalLinkById",
  tags: ["site-external-links"],
  summary: "Delete an external link from a site's navigation",
  description: "`create` and up.",
  request: { params: SiteExternalLinkParams },
  responses: {
    204: { description: "External link did not exist" },
    205: { description: "External link has been deleted" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const done = await deleteExternalLink(serviceContext(c), p.organizationId, p.siteId, p.siteExternalLinkId);
  return c.body(null, done ? 205 : 204);
};
