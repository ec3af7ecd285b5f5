import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { deleteSiteSpaceCustomization } from "../../services/sites";
import { SiteSpaceParams } from "./schemas";

export const route = defineRoute({
  method: "delete",
  path: "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization",
  operationId: "deleteSiteSpaceCustomizationById",
  tags: ["site-customization"],
  summary: "Delete a site space customization settings",
  description: "`create` and up. The site space then shows the site's settings.",
  request: { params: SiteSpaceParams },
  responses: {
    204: { description: "Customization settings did not exist" },
    205: { description: "Site space customization removed" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const deleted = await deleteSiteSpaceCustomization(serviceContext(c), p.organizationId, p.siteId, p.siteSpaceId);
  return c.body(null, deleted ? 205 : 204);
};
