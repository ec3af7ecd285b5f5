import { z } from "@hono/zod-openapi";
import { queryBoolean } from "./common";

/** `metadata` and `computed` as the reference gives them (Quire stores no Git metadata; `computed=false` leaves
 * computed pages unexpanded). */
export const ContentQuery = z.object({ metadata: queryBoolean(true), computed: queryBoolean(true) });
export const PageQuery = ContentQuery.extend({
  format: z.enum(["document", "markdown"]).optional(),
  evaluated: queryBoolean(false),
});

export const ChangesQuery = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(10) });

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
