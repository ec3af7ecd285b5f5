import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { addSectionGroup } from "../../services/sites";
import { AddSectionGroupBody, SiteSectionGroupSchema } from "../../wire/site-structure";
import { SiteParams } from "../../wire/params";
import { presentSiteSectionGroups } from "./site-space-items";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites/{siteId}/section-groups",
  operationId: "addSectionGroupToSite",
  tags: ["sites"],
  summary: "Section group added to the site",
  description:
    "`create` and up: a group, last in the site, holding `sections` (the site's own, 400 otherwise) in that order.",
  request: {
    params: SiteParams,
    body: { required: true, content: { "application/json": { schema: AddSectionGroupBody } } },
  },
  responses: {
    201: {
      description: "Section group added to the site",
      headers: z.object({ Location: z.string() }),
      content: { "application/json": { schema: SiteSectionGroupSchema } },
    },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await addSectionGroup(ctx, p.organizationId, p.siteId, c.req.valid("json"));
  const [body] = await presentSiteSectionGroups(ctx, [view]);
  c.header("Location", `${ctx.urls.api}/v1/orgs/${p.organizationId}/sites/${p.siteId}/section-groups/${view.row.id}`);
  return c.json(body!, 201);
};
