import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { updateSectionGroup } from "../../services/sites";
import { SiteSectionGroupSchema, UpdateSectionGroupBody } from "../../wire/site-structure";
import { SiteSectionGroupParams } from "./schemas";
import { presentSiteSectionGroups } from "./site-space-items";

export const route = defineRoute({
  method: "patch",
  path: "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}",
  operationId: "updateSiteSectionGroupById",
  tags: ["sites"],
  summary: "Update a site section group",
  description: "`create` and up: `title`, and `icon` (null removes it).",
  request: {
    params: SiteSectionGroupParams,
    body: { required: true, content: { "application/json": { schema: UpdateSectionGroupBody } } },
  },
  responses: {
    200: json(SiteSectionGroupSchema),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await updateSectionGroup(ctx, p.organizationId, p.siteId, p.siteSectionGroupId, c.req.valid("json"));
  const [body] = await presentSiteSectionGroups(ctx, [view]);
  return c.json(body!, 200);
};
