import { z } from "@hono/zod-openapi";
import { listEnvelope } from "./common";

export const SearchSectionResultSchema = z
  .object({
    id: z
      .string()
      .openapi({ description: "The section's heading anchor (the page id for the text before the first heading)." }),
    title: z.string(),
    path: z.string(),
    body: z
      .string()
      .openapi({ description: "A snippet of the section: HTML-escaped text with the matched terms in `<mark>`." }),
    urls: z.object({ app: z.string() }),
  })
  .openapi("SearchSectionResult");
export type SearchSectionResult = z.infer<typeof SearchSectionResultSchema>;

export const SearchPageResultSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    path: z.string(),
    sections: z.array(SearchSectionResultSchema).optional(),
    urls: z.object({ app: z.string() }),
  })
  .openapi("SearchPageResult");
export type SearchPageResult = z.infer<typeof SearchPageResultSchema>;

export const SearchSpaceResultSchema = z
  .object({ id: z.string(), title: z.string(), pages: z.array(SearchPageResultSchema) })
  .openapi("SearchSpaceResult");
export type SearchSpaceResult = z.infer<typeof SearchSpaceResultSchema>;

export const SearchPageResultList = listEnvelope(SearchPageResultSchema, "SearchPageResultList");
export const SearchSpaceResultList = listEnvelope(SearchSpaceResultSchema, "SearchSpaceResultList");
export type SearchPageResultList = z.infer<typeof SearchPageResultList>;
export type SearchSpaceResultList = z.infer<typeof SearchSpaceResultList>;

const SiteSpaceIdSchema = z.string().min(1).max(128);
const SiteSpaceIdsSchema = z.array(SiteSpaceIdSchema).min(1).max(1000);

export const SiteSearchScopeSchema = z
  .discriminatedUnion("mode", [
    z.object({
      mode: z.literal("default").openapi({
        description:
          "Each section's default site space (the root site spaces when the site has no sections), plus `includedSiteSpaces`.",
      }),
      includedSiteSpaces: z.array(SiteSpaceIdSchema).max(1000).optional(),
    }),
    z.object({
      mode: z.literal("specific").openapi({ description: "Only the site spaces given." }),
      siteSpaceIds: SiteSpaceIdsSchema,
    }),
    z.object({ mode: z.literal("all").openapi({ description: "Every site space of the site." }) }),
  ])
  .openapi("SiteSearchScope");
export type SiteSearchScope = z.infer<typeof SiteSearchScopeSchema>;

const DEPRECATED_FIELDS = ["mode", "siteSpaceIds", "siteSpaceId"] as const;

/**
 * `query` with a `scope`, or one of the reference's deprecated forms: `{siteSpaceIds, mode?: "specific"}`,
 * `{mode: "current", siteSpaceId}` (the defaults plus that site space) or `{mode: "all"}`. Neither: `default`.
 */
export const SearchSiteContentBody = z
  .object({
    query: z.string().min(1).max(512).openapi({ description: "The text to search for." }),
    scope: SiteSearchScopeSchema.optional(),
    mode: z
      .enum(["specific", "current", "all"])
      .optional()
      .openapi({ deprecated: true, description: "Deprecated: use `scope`." }),
    siteSpaceIds: SiteSpaceIdsSchema.optional().openapi({ deprecated: true, description: "Deprecated: use `scope`." }),
    siteSpaceId: SiteSpaceIdSchema.optional().openapi({ deprecated: true, description: "Deprecated: use `scope`." }),
  })
  .superRefine((body, ctx) => {
    const deprecated = DEPRECATED_FIELDS.filter((field) => body[field] !== undefined);
    if (body.scope && deprecated.length) {
      ctx.addIssue({ code: "custom", path: [deprecated[0]!], message: "cannot be combined with scope" });
      return;
    }
    const needs = (field: (typeof DEPRECATED_FIELDS)[number], ok: boolean, message: string) => {
      if (!ok) ctx.addIssue({ code: "custom", path: [field], message });
    };
    needs(
      "siteSpaceId",
      body.mode === "current" || body.siteSpaceId === undefined,
      'is only taken with mode "current"',
    );
    needs("siteSpaceId", body.mode !== "current" || body.siteSpaceId !== undefined, 'is required with mode "current"');
    const specific = body.mode === undefined || body.mode === "specific";
    needs("siteSpaceIds", specific || body.siteSpaceIds === undefined, 'is only taken with mode "specific"');
    needs(
      "siteSpaceIds",
      body.mode !== "specific" || body.siteSpaceIds !== undefined,
      'is required with mode "specific"',
    );
  });
export type SearchSiteContent = z.infer<typeof SearchSiteContentBody>;

const pageCount = (description: string) => z.number().int().nonnegative().openapi({ description });

/** Quire's own: a space's search index checked against its main revision (getSpaceSearchIndex). */
export const SearchIndexHealthSchema = z
  .object({
    object: z.literal("search-index"),
    spaceId: z.string(),
    revision: z.string().openapi({ description: "The space's current (main) revision." }),
    indexedRevision: z
      .string()
      .nullable()
      .openapi({ description: "The revision the index says it is at; null while it has never caught up." }),
    upToDate: z.boolean().openapi({
      description: "At the current revision, with every page indexed as the revision has it and nothing more.",
    }),
    pages: z.object({
      expected: pageCount("Pages of the revision that belong in the index (document pages without noIndex)."),
      indexed: pageCount("Pages in the index."),
      missing: pageCount("Pages of the revision not in the index."),
      stale: pageCount("Indexed pages whose title or body changed since they were indexed."),
      moved: pageCount("Indexed pages whose path changed since."),
      extra: pageCount("Indexed pages the revision no longer has, or no longer indexes."),
      withoutSections: pageCount("Indexed pages with no text in the index: searches cannot find them."),
    }),
    repairQueued: z
      .boolean()
      .optional()
      .openapi({ description: "repairSpaceSearchIndex only: whether a re-indexing job was queued." }),
  })
  .openapi("SearchIndexHealth");
export type SearchIndexHealth = z.infer<typeof SearchIndexHealthSchema>;
