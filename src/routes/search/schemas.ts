import { z } from "@hono/zod-openapi";
import { listEnvelope, PageQuery } from "../schemas";

/** `query` (required, at most 512 characters) with the list's `page` and `limit`. */
export const SearchQuery = PageQuery.extend({
  query: z
    .string()
    .min(1)
    .max(512)
    .openapi({ description: "The text to search for (words; the last one may be a prefix)." }),
});

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

export const SearchPageResultSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    path: z.string(),
    sections: z.array(SearchSectionResultSchema).optional(),
    urls: z.object({ app: z.string() }),
  })
  .openapi("SearchPageResult");

export const SearchSpaceResultSchema = z
  .object({ id: z.string(), title: z.string(), pages: z.array(SearchPageResultSchema) })
  .openapi("SearchSpaceResult");

export const SearchPageResultList = listEnvelope(SearchPageResultSchema, "SearchPageResultList");
export const SearchSpaceResultList = listEnvelope(SearchSpaceResultSchema, "SearchSpaceResultList");
