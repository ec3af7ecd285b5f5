import { z } from "@hono/zod-openapi";
import { queryBoolean } from "./common";

/** `metadata` and `computed` as the reference gives them (Quire stores no Git metadata; `computed=false` leaves
 * computed pages unexpanded). */
export const ContentQuery = z.object({ metadata: queryBoolean(true), computed: queryBoolean(true) });
/**
 * A boolean query parameter that 0.18x+ clients may also send as one named value (`evaluated=deterministic-only`,
 * `dereferenced=reusable-contents`). Quire's documents hold no expressions and no reusable-content blocks (they
 * are built from markdown bodies), so every value answers the same document; the parameter is validated all the
 * same, so a misspelt value is a 400, not silently ignored.
 */
function queryBooleanOr<const V extends string>(named: V) {
  const values: string[] = ["true", "false", named];
  // A check, not an enum: the document states the value as 0.202 does (a boolean or the named string).
  return z
    .any()
    .refine((v) => typeof v === "string" && values.includes(v), `Expected true, false or ${named}`)
    .default("false")
    .transform((v): boolean | V => (v === "true" ? true : v === "false" ? false : (v as V)))
    .openapi({ oneOf: [{ type: "boolean" }, { type: "string", enum: [named] }], default: false } as never);
}

/** The document reads' `evaluated` (`true`, `false`, `deterministic-only`) and `dereferenced` (`true`, `false`,
 * `reusable-contents`), as 0.202 gives them. */
export const DocumentQuery = z.object({
  evaluated: queryBooleanOr("deterministic-only"),
  dereferenced: queryBooleanOr("reusable-contents"),
});

export const PageQuery = ContentQuery.extend({
  format: z
    .enum(["document", "markdown", "html"])
    .optional()
    .openapi({
      description:
        "`html` is a Quire extension: the page as without `format` (with `markdown`), plus `html` (its body as the " +
        "published site renders it, sanitized; links to pages go to their `urls.app`, files to signed download " +
        "URLs) and `outline` (its headings).",
    }),
}).merge(DocumentQuery);

export const ChangesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(10),
  content: z
    .enum(["markdown"])
    .optional()
    .openapi({
      description:
        "Quire extension: each page change of the answer (`page_created`, `page_deleted`, and `page_edited` when " +
        "its document changed) carries `markdown: {before, after}`, the page's markdown on each side.",
    }),
});

/** The query of the PDF exports (getSpacePDF, getChangeRequestPDF). */
export const PdfQuery = z.object({
  only: queryBoolean(false),
  page: z.string().min(1).max(128).optional().openapi({ description: "ID of a specific page to generate a PDF for." }),
});

export const PdfUrlSchema = z.object({
  url: z.string().max(2048).openapi({ format: "uri", description: "Temporary URL of the PDF (1 hour)." }),
});

/**
 * The content-read options of a route whose query includes ContentQuery: `computed` (validated there as
 * "true" or "false", default true) expands computed pages into the pages they generate.
 */
export function computedOpt(c: { req: { query(name: string): string | undefined } }): { computed: boolean } {
  return { computed: c.req.query("computed") !== "false" };
}
