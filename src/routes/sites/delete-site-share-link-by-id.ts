import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { deleteShareLink } from "../../services/sites";
import { ShareLinkParams } from "./access-schemas";

export const route = defineRoute({
  method: "delete",
  path: "/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}",
  operationId: "deleteSiteShareLinkById",
  tags: ["sites"],
  summary: "Deletes a share link",
  description: "`create` and up. Revokes the key at once.",
  request: { params: ShareLinkParams },
  responses: {
    204: { description: "Site share link did not exist" },
    205: { description: "Site share link has been deleted" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const deleted = await deleteShareLink(serviceContext(c), p.organizationId, p.siteId, p.shareLinkId);
  return c.body(null, deleted ? 205 : 204);
};
