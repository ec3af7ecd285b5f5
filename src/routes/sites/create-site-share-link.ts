import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentShareLink } from "../../presenters/site-access";
import { createShareLink } from "../../services/sites";
import { CreateShareLinkBody, ShareLinkSchema } from "../../wire/site-access";
import { SiteParams } from "../../wire/params";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites/{siteId}/share-links",
  operationId: "createSiteShareLink",
  tags: ["sites"],
  summary: "Create a share link",
  description: "`create` and up. An active link with a new key; `urls.published` opens the site with it.",
  request: {
    params: SiteParams,
    body: { required: true, content: { "application/json": { schema: CreateShareLinkBody } } },
  },
  responses: {
    201: {
      description: "The share link has been created",
      headers: z.object({ Location: z.string() }),
      content: { "application/json": { schema: ShareLinkSchema } },
    },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const row = await createShareLink(ctx, p.organizationId, p.siteId, c.req.valid("json").name);
  c.header("Location", `${ctx.urls.api}/v1/orgs/${p.organizationId}/sites/${p.siteId}/share-links`);
  return c.json(presentShareLink(row, ctx.urls), 201);
};
