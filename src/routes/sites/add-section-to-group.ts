import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { addSectionToGroup } from "../../services/sites";
import { SiteSectionGroupSchema } from "../../wire/site-structure";
import { AddSectionToGroupBody, SiteSectionGroupParams } from "./schemas";
import { presentSiteSectionGroups } from "./site-space-items";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections",
  operationId: "addSectionToGroup",
  tags: ["sites"],
  summary: "Add a section to a section group",
  description: "`create` and up: moves one of the site's sections into the group, last.",
  request: {
    params: SiteSectionGroupParams,
    body: { required: true, content: { "application/json": { schema: AddSectionToGroupBody } } },
  },
  responses: {
    201: {
      description: "Section added to the section group",
      headers: z.object({ Location: z.string() }),
      content: { "application/json": { schema: SiteSectionGroupSchema } },
    },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const { sectionId } = c.req.valid("json");
  const view = await addSectionToGroup(ctx, p.organizationId, p.siteId, p.siteSectionGroupId, sectionId);
  const [body] = await presentSiteSectionGroups(ctx, [view]);
  c.header("Location", `${ctx.urls.api}/v1/orgs/${p.organizationId}/sites/${p.siteId}/section-groups/${view.row.id}`);
  return c.json(body!, 201);
};
