import { z } from "@hono/zod-openapi";

// addExternalLinkToSite and its update (0.202): external links in a site's navigation.

const Id = z.string().min(1).max(128);

/** A localized string: overrides for other languages, keyed by locale. */
const localized = (max: number) =>
  z
    .record(z.string().min(2).max(16), z.string().max(max))
    .refine((v) => Object.keys(v).length <= 100, "at most 100 languages");

/** An absolute http(s) URL: what a visitor's browser opens. */
const LinkUrl = z
  .string()
  .max(2048)
  .url()
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), "must be an absolute HTTP or HTTPS URL");

const Title = z.string().trim().min(2).max(128);
const Icon = z.string().max(50);
const Condition = z.string().min(1).max(1024);

export const SiteExternalLinkSchema = z
  .object({
    object: z.literal("site-external-link"),
    id: z.string(),
    title: z.string(),
    localizedTitle: z.record(z.string(), z.string()).optional(),
    description: z.string().optional(),
    localizedDescription: z.record(z.string(), z.string()).optional(),
    icon: z.string().optional(),
    url: z.string(),
    sectionGroup: z.string().optional(),
    draft: z.boolean(),
    condition: z.string().optional(),
  })
  .openapi("SiteExternalLink");

export const AddExternalLinkBody = z
  .object({
    title: Title,
    localizedTitle: localized(128).optional(),
    description: z.string().max(256).nullable().optional(),
    localizedDescription: localized(256).nullable().optional(),
    icon: Icon.nullable().optional(),
    url: LinkUrl,
    parent: Id.optional(),
    draft: z.boolean().optional(),
    condition: Condition.nullable().optional(),
  })
  .openapi("AddSiteExternalLink");

export const UpdateExternalLinkBody = z
  .object({
    title: Title.optional(),
    localizedTitle: localized(128).nullable().optional(),
    description: z.string().max(256).nullable().optional(),
    localizedDescription: localized(256).nullable().optional(),
    icon: Icon.nullable().optional(),
    url: LinkUrl.optional(),
    parent: Id.nullable().optional(),
    draft: z.boolean().optional(),
    condition: Condition.nullable().optional(),
  })
  .openapi("UpdateSiteExternalLink");

export type SiteExternalLink = z.infer<typeof SiteExternalLinkSchema>;
export type AddSiteExternalLink = z.infer<typeof AddExternalLinkBody>;
export type UpdateSiteExternalLink = z.infer<typeof UpdateExternalLinkBody>;
