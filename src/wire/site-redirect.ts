import { z } from "@hono/zod-openapi";
import { MAX_BULK_REDIRECTS } from "../services/sites";
import { listEnvelope } from "./common";

// A site's redirects: one, a list, their bodies and bulkUpsertSiteRedirects (0.202).

const Id = z.string().min(1).max(128);

export const SiteRedirectSourcePath = z
  .string()
  .max(512)
  .regex(
    /^\/(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+(?:\/(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+)*$/,
    "must be a path such as /old/page (unreserved characters or %XX escapes, no empty segment)",
  )
  .openapi("SiteRedirectSourcePath", { description: "The source path to redirect from." });

const DestinationSiteSection = z
  .object({ kind: z.literal("site-section"), siteSectionId: Id })
  .openapi("SiteRedirectDestinationSiteSection");
const DestinationSiteSpace = z
  .object({ kind: z.literal("site-space"), siteSpaceId: Id })
  .openapi("SiteRedirectDestinationSiteSpace");
const DestinationPage = z
  .object({ kind: z.literal("site-page"), siteSpaceId: Id, pageId: Id })
  .openapi("SiteRedirectDestinationPage");

export const SiteRedirectDestination = z
  .discriminatedUnion("kind", [DestinationSiteSection, DestinationSiteSpace, DestinationPage])
  .openapi("SiteRedirectDestination");

export const SiteRedirectSchema = z
  .object({
    object: z.literal("site-redirect"),
    id: z.string(),
    source: z.string(),
    destination: SiteRedirectDestination,
  })
  .openapi("SiteRedirect");
export const SiteRedirectList = listEnvelope(SiteRedirectSchema, "SiteRedirectList");

export const CreateSiteRedirectBody = z
  .object({ source: SiteRedirectSourcePath, destination: SiteRedirectDestination })
  .openapi("CreateSiteRedirect");
export const UpdateSiteRedirectBody = z
  .object({ source: SiteRedirectSourcePath.optional(), destination: SiteRedirectDestination.optional() })
  .openapi("UpdateSiteRedirect");

export const ResolvedSiteRedirectSchema = z
  .object({
    redirect: SiteRedirectSchema,
    target: z.string().openapi({ description: "The destination's published path, relative to the site." }),
  })
  .openapi("ResolvedSiteRedirect");

/**
 * One item of bulkUpsertSiteRedirects (0.202): a live redirect from `source` to `destination`, or its deletion
 * (null). Quire's redirects are live and permanent with exact sources: `draft`/`publish` intents, wildcard capture
 * and temporary redirects are refused by name.
 */
const BulkRedirectItem = z
  .object({
    source: SiteRedirectSourcePath,
    intent: z.enum(["live", "draft", "publish"]).optional(),
    captureWildcard: z.boolean().optional(),
    permanent: z.boolean().optional(),
    destination: SiteRedirectDestination.nullable().optional(),
  })
  .superRefine((item, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (item.intent === "draft" || item.intent === "publish") {
      issue("intent", "Quire has no draft redirects: only `live` is served");
    } else if (item.destination === undefined) issue("destination", "is required (null deletes the redirect)");
    if (item.captureWildcard) issue("captureWildcard", "Quire's redirect sources are exact paths (no wildcard)");
    if (item.permanent === false) issue("permanent", "Quire's redirects are permanent (301)");
  });

export const BulkUpsertSiteRedirectsBody = z
  .object({ redirects: z.array(BulkRedirectItem).min(1).max(MAX_BULK_REDIRECTS) })
  .openapi("BulkUpsertSiteRedirects");

export const BulkUpsertSiteRedirectsResult = z
  .object({
    results: z.array(
      z.object({
        status: z.enum(["created", "updated", "deleted"]),
        source: z.string(),
        draft: z.boolean(),
        id: z.string().optional(),
      }),
    ),
  })
  .openapi("BulkUpsertSiteRedirectsResult");

export type SiteRedirectDestination = z.infer<typeof SiteRedirectDestination>;
export type SiteRedirect = z.infer<typeof SiteRedirectSchema>;
export type SiteRedirectList = z.infer<typeof SiteRedirectList>;
export type CreateSiteRedirect = z.infer<typeof CreateSiteRedirectBody>;
export type UpdateSiteRedirect = z.infer<typeof UpdateSiteRedirectBody>;
export type ResolvedSiteRedirect = z.infer<typeof ResolvedSiteRedirectSchema>;
export type BulkUpsertSiteRedirects = z.infer<typeof BulkUpsertSiteRedirectsBody>;
export type BulkUpsertSiteRedirectsResult = z.infer<typeof BulkUpsertSiteRedirectsResult>;
