import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { errorResponses } from "../../http/errors";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentSiteRedirect } from "../../presenters/site-redirect";
import { createSiteRedirect } from "../../services/sites";
import { CreateSiteRedirectBody, SiteRedirectSchema } from "../../wire/site-redirect";
import { SiteParams } from "../../wire/params";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites/{siteId}/redirects",
  operationId: "createSiteRedirect",
  tags: ["site-redirects"],
  summary: "Create a site redirect",
  description:
    "`create` and up. `source` is unique per site (409 otherwise); the destination must be a section or site " +
    "space of this site, or a page of the current content of one of its site spaces (400 naming the field).",
  request: {
    params: SiteParams,
    body: { required: true, content: { "application/json": { schema: CreateSiteRedirectBody } } },
  },
  responses: {
    201: {
      description: "The redirect was created successfully.",
      headers: z.object({ Location: z.string() }),
      content: { "application/json": { schema: SiteRedirectSchema } },
    },
    ...errorResponses(409),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const row = await createSiteRedirect(ctx, p.organizationId, p.siteId, c.req.valid("json"));
  c.header("Location", `${ctx.urls.api}/v1/orgs/${p.organizationId}/sites/${p.siteId}/redirects/${row.id}`);
  return c.json(presentSiteRedirect(row), 201);
};
