import { z } from "@hono/zod-openapi";
import { SITE_TYPES, SITE_VISIBILITIES } from "../db/schema";
import { normalizeProxy } from "../services/sites";
import { listEnvelope, TimestampSchema } from "./common";
import { DefaultLevelSchema } from "./space";

export const SiteTypeSchema = z.enum(SITE_TYPES).openapi("SiteType");
export const SiteVisibilitySchema = z.enum(SITE_VISIBILITIES).openapi("SiteVisibility");
export const SiteTitleSchema = z.string().trim().min(2).max(128).openapi("SiteTitle");
export const AgentsContextSchema = z.enum(["excluded", "included"]);
/** SiteProxyOrigin's pattern, with the path optional (a bare host). */
const PROXY_PATTERN = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)*$/;

export const SiteSchema = z
  .object({
    object: z.literal("site"),
    id: z.string(),
    type: SiteTypeSchema,
    /** 0.202: the type in effect; Quire has no plans nor frozen sites, so it is always `type`. */
    appliedType: SiteTypeSchema,
    title: z.string(),
    /** 0.202: always `inherit`: a site has no default level of its own in Quire; members act on it with their
     * organization role, raised by grants on the site. */
    defaultLevel: DefaultLevelSchema,
    permissions: z
      .object({
        view: z.boolean(),
        access: z.boolean(),
        edit: z.boolean(),
        create: z.boolean(),
        admin: z.boolean(),
        installIntegration: z.boolean(),
        viewAdaptiveSchema: z.boolean(),
        editAdaptiveSchema: z.boolean(),
      })
      .openapi({
        description:
          "The caller's rights on the site (0.202), from the rule that authorizes its operations: the organization " +
          "role raised by grants on the site. `edit`, `create`, `installIntegration` and `editAdaptiveSchema`: may " +
          "change the site (`create`); `admin`: may manage its permissions (`admin`).",
      }),
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
    urls: z.object({
      location: z.string(),
      app: z.string(),
      published: z.string().optional(),
      preview: z.string().openapi({
        description:
          "0.202: where the site is previewed: its address on the published-site renderer, which a preview link " +
          "(getSitePublishingPreviewById) opens for an hour, published or not; the published URL once published.",
      }),
    }),
  })
  .openapi("Site");
export type Site = z.infer<typeof SiteSchema>;

export const SiteList = listEnvelope(SiteSchema, "SiteList");
export type SiteList = z.infer<typeof SiteList>;

export const CreateSiteBody = z
  .object({
    type: SiteTypeSchema.optional(),
    title: SiteTitleSchema.optional(),
    visibility: SiteVisibilitySchema.optional(),
    spaces: z.union([z.array(z.string().min(1).max(128)).max(100), z.enum(["sample", "empty"])]).optional(),
  })
  .openapi("CreateSite");
export type CreateSite = z.infer<typeof CreateSiteBody>;

export const UpdateSiteBody = z
  .object({
    title: SiteTitleSchema.optional(),
    visibility: SiteVisibilitySchema.optional(),
    basename: z.string().min(1).max(100).openapi("SiteBasename").optional(),
    adaptiveContent: z.object({ enabled: z.boolean() }).optional(),
    agentsContext: AgentsContextSchema.optional(),
    defaultSiteSpace: z.string().min(1).max(128).optional(),
    defaultSiteSection: z.string().min(1).max(128).optional(),
    proxy: z
      .string()
      .max(512)
      // The reference's SiteProxyOrigin pattern (no scheme, port, query or trailing slash), its path made
      // optional: a bare host is Quire's site at the host's root. Refused, not stripped (CONTRACT §3: 400).
      .regex(
        PROXY_PATTERN,
        "must be a hostname and optional path with no scheme, port or trailing slash, e.g. docs.example.com/help",
      )
      .superRefine((value, issue) => {
        const normal = normalizeProxy(value);
        if ("error" in normal) issue.addIssue({ code: "custom", message: normal.error });
      })
      .nullable()
      .optional()
      .openapi({
        description:
          "A custom host and optional path (`docs.example.com/help`), as the reference's SiteProxyOrigin " +
          "pattern (no scheme), stored with its host in lowercase; served once its DNS " +
          "is verified (dnsRevalidateCustomHostname). `null` removes it.",
      }),
  })
  .openapi("UpdateSite");
export type UpdateSite = z.infer<typeof UpdateSiteBody>;
