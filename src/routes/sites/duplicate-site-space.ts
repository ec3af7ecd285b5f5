import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { duplicateSiteSpace } from "../../services/sites";
import { SiteSpaceSchema } from "../../wire/site-structure";
import { SiteSpaceParams } from "./schemas";
import { presentSiteSpaces } from "./site-space-items";

const DuplicateSiteSpaceBody = z
  .object({ draft: z.boolean().optional().openapi({ description: "Quire has no drafts: `true` is refused." }) })
  .openapi("DuplicateSiteSpace");

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/duplicate",
  operationId: "duplicateSiteSpace",
  tags: ["site-spaces", "spaces"],
  summary: "Duplicate a space in a site",
  description:
    "`create` and up on the site, admin of the space: a copy of the space (as duplicateSpace makes it) published " +
    "right after the site space: as another variant of its section, in a new section of its own when it was the " +
    "section's only variant, or at the site's root.",
  request: {
    params: SiteSpaceParams,
    body: { required: false, content: { "application/json": { schema: DuplicateSiteSpaceBody } } },
  },
  responses: {
    201: {
      description: "Space duplicated in the site structure",
      headers: z.object({ Location: z.string() }),
      content: { "application/json": { schema: SiteSpaceSchema } },
    },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await duplicateSiteSpace(ctx, p.organizationId, p.siteId, p.siteSpaceId, c.req.valid("json") ?? {});
  const [body] = await presentSiteSpaces(ctx, [view]);
  c.header("Location", `${ctx.urls.api}/v1/orgs/${p.organizationId}/sites/${p.siteId}/site-spaces/${view.row.id}`);
  return c.json(body!, 201);
};
