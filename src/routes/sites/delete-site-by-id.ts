import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { deleteSite } from "../../services/sites";
import { SiteParams } from "../../wire/params";

export const route = defineRoute({
  method: "delete",
  path: "/orgs/{organizationId}/sites/{siteId}",
  operationId: "deleteSiteById",
  tags: ["sites"],
  summary: "Delete a site",
  description: "`create` and up: the site and its structure; its spaces stay.",
  request: { params: SiteParams },
  responses: {
    204: { description: "Site did not exist" },
    205: { description: "Site has been deleted" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const deleted = await deleteSite(serviceContext(c), p.organizationId, p.siteId);
  return c.body(null, deleted ? 205 : 204);
};
