import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { deleteSiteSpace } from "../../services/sites";
import { SiteSpaceParams } from "./schemas";

export const route = defineRoute({
  method: "delete",
  path: "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}",
  operationId: "deleteSiteSpaceById",
  tags: ["sites"],
  summary: "Delete a site space",
  description: "`create` and up. The space stays; when it was the default, the next site space becomes it.",
  request: { params: SiteSpaceParams },
  responses: {
    204: { description: "Site space did not exist" },
    205: { description: "Site space has been deleted" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const deleted = await deleteSiteSpace(serviceContext(c), p.organizationId, p.siteId, p.siteSpaceId);
  return c.body(null, deleted ? 205 : 204);
};
