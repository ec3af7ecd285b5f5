import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { removeSectionFromGroup } from "../../services/sites";
import { GroupSectionParams } from "./schemas";

export const route = defineRoute({
  method: "delete",
  path: "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}",
  operationId: "removeSectionFromGroup",
  tags: ["sites"],
  summary: "Remove a section from a section group",
  description: "`create` and up: the section leaves the group and stays in the site, ungrouped.",
  request: { params: GroupSectionParams },
  responses: {
    204: { description: "Section was not part of the group" },
    205: { description: "Section has been removed from the section group" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const done = await removeSectionFromGroup(
    serviceContext(c),
    p.organizationId,
    p.siteId,
    p.siteSectionGroupId,
    p.siteSectionId,
  );
  return c.body(null, done ? 205 : 204);
};
