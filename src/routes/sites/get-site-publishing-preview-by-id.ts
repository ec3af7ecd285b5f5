import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { publishedSiteUrl } from "../../presenters/published-urls";
import { sitePreview } from "../../services/published";
import { queryBoolean } from "../../wire/common";
import { SiteParams } from "../../wire/params";

const PreviewQuery = z.object({
  siteSpace: z.string().min(1).max(128).optional(),
  claims: z
    .string()
    .max(0, "previews for given visitor claims are not supported: the preview shows what every visitor sees")
    .optional(),
  draft: queryBoolean(true).openapi({ description: "Accepted: Quire has no draft content." }),
  target: z.string().max(0, "a preview opens the site itself: another target is not supported").optional(),
});

const SitePreviewSchema = z.object({ url: z.string() }).openapi("SitePublishingPreview");

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/publishing/preview",
  operationId: "getSitePublishingPreviewById",
  tags: ["site-preview"],
  summary: "A temporary preview URL of a site",
  description:
    "`create` and up: a link, valid for one hour, that opens the site (at the site space `siteSpace`, when given) " +
    "on the published-site renderer as publishing would show it, published or not. It opens this site only; " +
    "answers are private and unindexed. `claims` and `target` are not supported (400).",
  request: { params: SiteParams, query: PreviewQuery },
  responses: { 200: json(SitePreviewSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const q = c.req.valid("query");
  const preview = await sitePreview(ctx, p.organizationId, p.siteId, q.siteSpace ? { siteSpace: q.siteSpace } : {});
  const url = `${publishedSiteUrl(ctx.urls, preview.siteId, preview.path)}${preview.path ? "" : "/"}`;
  return c.json({ url: `${url}?preview=${encodeURIComponent(preview.token)}` }, 200);
};
