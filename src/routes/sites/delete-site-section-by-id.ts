import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { deleteSiteSection } from "../../services/sites";
import { SiteSectionParams } from "./schemas";

export const route = defineRoute({
  method: "delete",
  path: "/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}",
  operationId: "deleteSiteSectionById",
  tags: ["sites"],
  summary: "Delete a site section",
  description: "`create` and up: the section and its site spaces (their spaces stay).",
  request: { params: SiteSectionParams },
  responses: {
    204: { description: "Site section did not exist" },
    205: { description: "Site section has been deleted" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const deleted = await deleteSiteSection(serviceContext(c), p.organizationId, p.siteId, p.siteSectionId);
  return c.body(null, deleted ? 205 : 204);
};
