import { z } from "@hono/zod-openapi";
import { SITE_TYPES, SITE_VISIBILITIES } from "../db/schema";
import { TimestampSchema } from "./common";

export const SiteTypeSchema = z.enum(SITE_TYPES).openapi("SiteType");
export const SiteVisibilitySchema = z.enum(SITE_VISIBILITIES).openapi("SiteVisibility");
export const SiteTitleSchema = z.string().trim().min(2).max(128).openapi("SiteTitle");
export const AgentsContextSchema = z.enum(["excluded", "included"]);

export const SiteSchema = z
  .object({
    object: z.literal("site"),
    id: z.string(),
    type: SiteTypeSchema,
    title: z.string(),
    basename: z.string().optional(),
    hostname: z.string().optional().openapi("SiteHostname", {
      description: "The custom hostname the site is served at, at its root (a `proxy` without a path).",
    }),
    proxy: z
      .object({
        origin: z.string().openapi("SiteProxyOrigin", {
          description: "The custom host and path the site is served under, no scheme (`docs.example.com/help`).",
        }),
        target: z.string(),
      })
      .optional(),
    visibility: SiteVisibilitySchema,
    published: z.boolean(),
    siteSpaces: z.number().int(),
    createdAt: TimestampSchema,
    adaptiveContent: z.object({ enabled: z.boolean() }).optional(),
    agentsContext: AgentsContextSchema,
    features: z.array(z.object({ id: z.string(), plan: z.string(), frozen: z.boolean() })),
    urls: z.object({ location: z.string(), app: z.string(), published: z.string().optional() }),
  })
  .openapi("Site");
