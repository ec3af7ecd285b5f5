import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentSiteExternalLink } from "../../presenters/site";
import { addExternalLink } from "../../services/sites";
import { SiteParams } from "../../wire/params";
import { AddExternalLinkBody, SiteExternalLinkSchema } from "../../wire/site-external-link";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites/{siteId}/external-links",
  operationId: "addExternalLinkToSite",
  tags: ["site-external-links"],
  summary: "Add an external link to a site's navigation",
  description:
    "`create` and up: a link to an absolute http(s) URL, last at the site's top level or in the section group " +
    "`parent`. The site needs sections (400 otherwise). Drafts, and links whose `condition` is false for a " +
    "visitor, are not published.",
  request: {
    params: SiteParams,
    body: { required: true, content: { "application/json": { schema: AddExternalLinkBody } } },
  },
  responses: {
    201: {
      description: "External link added to the site",
      headers: z.object({ Location: z.string() }),
      content: { "application/json": { schema: SiteExternalLinkSchema } },
    },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const row = await addExternalLink(ctx, p.organizationId, p.siteId, c.req.valid("json"));
  c.header("Location", `${ctx.urls.api}/v1/orgs/${p.organizationId}/sites/${p.siteId}/external-links/${row.id}`);
  return c.json(presentSiteExternalLink(row), 201);
};
