import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentIntegrationScript } from "../../presenters/integration";
import { presentSite } from "../../presenters/site";
import { getPublishedSite } from "../../services/published";
import { SiteCustomizationSettingsSchema } from "../../wire/site-customization";
import { SiteParams } from "../../wire/params";
import { SiteSchema } from "../../wire/site";
import { SiteStructureSchema } from "../../wire/site-structure";
import { presentStructure } from "./site-space-items";

const PublishedContentSiteSchema = z
  .object({
    object: z.literal("published-content-site"),
    site: SiteSchema,
    structure: SiteStructureSchema,
    customizations: z.object({
      site: SiteCustomizationSettingsSchema,
      siteSpaces: z.record(z.string(), SiteCustomizationSettingsSchema),
    }),
    scripts: z.array(
      z.object({ script: z.string(), contentSecurityPolicy: z.string().optional(), cookies: z.boolean() }),
    ),
  })
  .openapi("PublishedContentSite");

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/published",
  operationId: "getPublishedContentSite",
  anonymous: true,
  tags: ["sites"],
  summary: "Get a published site",
  description:
    "The site, its structure and customization in one answer. Members in any state; anyone once the site is " +
    "published to them (public, unlisted, or with a share key or visitor JWT); otherwise 404 (401 anonymously).",
  request: { params: SiteParams, query: z.object({ shareKey: z.string().max(200).optional() }) },
  responses: { 200: json(PublishedContentSiteSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const published = await getPublishedSite(ctx, p.organizationId, p.siteId);
  return c.json(
    {
      object: "published-content-site" as const,
      site: presentSite(published.site, ctx.urls),
      structure: await presentStructure(ctx, published.structure),
      customizations: published.customizations,
      scripts: published.scripts.map((view) => presentIntegrationScript(view, ctx.urls)),
    },
    200,
  );
};
