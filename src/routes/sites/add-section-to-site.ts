import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { addSectionToSite } from "../../services/sites";
import { AddSectionBody, SiteSectionSchema } from "../../wire/site-structure";
import { SiteParams } from "../../wire/params";
import { presentSiteSections } from "./site-space-items";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites/{siteId}/sections",
  operationId: "addSectionToSite",
  tags: ["sites"],
  summary: "Add a section to a site",
  description:
    "`create` and up: a section whose first variant is the space (a live space of the organization), titled " +
    "after it unless `title` says otherwise, at a path unique among the site's sections.",
  request: {
    params: SiteParams,
    body: { required: true, content: { "application/json": { schema: AddSectionBody } } },
  },
  responses: {
    201: {
      description: "Section added to the site",
      headers: z.object({ Location: z.string() }),
      content: { "application/json": { schema: SiteSectionSchema } },
    },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await addSectionToSite(ctx, p.organizationId, p.siteId, c.req.valid("json"));
  const [body] = await presentSiteSections(ctx, [view]);
  c.header("Location", `${ctx.urls.api}/v1/orgs/${p.organizationId}/sites/${p.siteId}/sections/${view.row.id}`);
  return c.json(body!, 201);
};
