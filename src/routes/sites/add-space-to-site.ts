import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { addSpaceToSite } from "../../services/sites";
import { AddSpaceToSiteBody, SiteSpaceSchema } from "../../wire/site-structure";
import { SiteParams } from "../../wire/params";
import { presentSiteSpaces } from "./site-space-items";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites/{siteId}/site-spaces",
  operationId: "addSpaceToSite",
  tags: ["sites"],
  summary: "Add a space to a site",
  description:
    "`create` and up: publishes a live space of the organization last at the site's root or in one of its " +
    "sections, at a path from its title unique at that level; the first site space becomes the default.",
  request: {
    params: SiteParams,
    body: { required: true, content: { "application/json": { schema: AddSpaceToSiteBody } } },
  },
  responses: {
    201: {
      description: "Space added to the site",
      headers: z.object({ Location: z.string() }),
      content: { "application/json": { schema: SiteSpaceSchema } },
    },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await addSpaceToSite(ctx, p.organizationId, p.siteId, c.req.valid("json"));
  const [body] = await presentSiteSpaces(ctx, [view]);
  c.header("Location", `${ctx.urls.api}/v1/orgs/${p.organizationId}/sites/${p.siteId}/site-spaces/${view.row.id}`);
  return c.json(body!, 201);
};
