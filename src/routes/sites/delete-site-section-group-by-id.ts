import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { deleteSectionGroup } from "../../services/sites";
import { SiteSectionGroupParams } from "./schemas";

export const route = defineRoute({
  method: "delete",
  path: "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}",
  operationId: "deleteSiteSectionGroupById",
  tags: ["sites"],
  summary: "Delete a site section group",
  description: "`create` and up: the group goes, its sections stay (ungrouped).",
  request: { params: SiteSectionGroupParams },
  responses: {
    204: { description: "Site section group did not exist" },
    205: { description: "Site section group has been deleted" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const done = await deleteSectionGroup(serviceContext(c), p.organizationId, p.siteId, p.siteSectionGroupId);
  return c.body(null, done ? 205 : 204);
};
