import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { moveStructureItem } from "../../services/sites";
import { SiteSectionGroupSchema } from "../../wire/site-structure";
import { MoveSectionGroupBody, SiteSectionGroupParams } from "./schemas";
import { presentStructureItem } from "./site-space-items";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move",
  operationId: "moveSiteSectionGroup",
  tags: ["sites"],
  summary: "Move a site section group to a new position. (Deprecated) use sortSiteStructure instead.",
  deprecated: true,
  description:
    "As sortSiteStructure for this site section group: just before or after a top-level section or group; with " +
    "no position, last at the top level.",
  request: {
    params: SiteSectionGroupParams,
    body: { required: false, content: { "application/json": { schema: MoveSectionGroupBody } } },
  },
  responses: { 200: json(SiteSectionGroupSchema, "The site section group moved") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const position = c.req.valid("json")?.position ?? {};
  const item = { type: "site-section-group" as const, id: p.siteSectionGroupId };
  await moveStructureItem(ctx, p.organizationId, p.siteId, item, position);
  return c.json((await presentStructureItem(ctx, p.organizationId, p.siteId, item)) as never, 200);
};
