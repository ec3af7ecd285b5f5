import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { moveStructureItem } from "../../services/sites";
import { SiteParams } from "../../wire/params";
import { SiteStructureItemSchema, SortStructureBody } from "../../wire/site-structure";
import { presentStructureItem } from "./site-space-items";

export const route = defineRoute({
  method: "patch",
  path: "/orgs/{organizationId}/sites/{siteId}/structure/sort",
  operationId: "sortSiteStructure",
  tags: ["sites"],
  summary: "Move a site space, site section or site section group to a new position in the site structure.",
  description:
    "`create` and up: just before or after another item, taking its level. A site space names a site space (and " +
    "moves into its section; its path must stay unique there, 400). Sections and groups share the top level's " +
    "order: a section names a section (entering or leaving its group) or a group; a group names a top-level " +
    "section or group.",
  request: {
    params: SiteParams,
    body: { required: true, content: { "application/json": { schema: SortStructureBody } } },
  },
  responses: { 200: json(SiteStructureItemSchema, "Item successfully moved") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const { item, position } = c.req.valid("json");
  await moveStructureItem(ctx, p.organizationId, p.siteId, item, position);
  return c.json((await presentStructureItem(ctx, p.organizationId, p.siteId, item))!, 200);
};
