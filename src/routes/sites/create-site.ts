import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentSite } from "../../presenters/site";
import { createSite } from "../../services/sites";
import { OrganizationParams } from "../../wire/params";
import { CreateSiteBody, SiteSchema } from "../../wire/site";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites",
  operationId: "createSite",
  tags: ["sites"],
  summary: "Create a site",
  description:
    "`create` and up. An unpublished site (`type` basic unless given); `spaces` publishes existing spaces at its " +
    "root (the first is the default), or `empty`/`sample` creates a new space for it (sample: from a template).",
  request: {
    params: OrganizationParams,
    body: { required: false, content: { "application/json": { schema: CreateSiteBody } } },
  },
  responses: {
    201: {
      description: "Site created",
      headers: z.object({ Location: z.string() }),
      content: { "application/json": { schema: SiteSchema } },
    },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const view = await createSite(ctx, c.req.valid("param").organizationId, c.req.valid("json") ?? {});
  const body = presentSite(view, ctx.urls);
  c.header("Location", body.urls.location);
  return c.json(body, 201);
};
