import { z } from "@hono/zod-openapi";
import { documentInput, type DocumentInputValue, JSONDocumentInput } from "../content/document-input";
import { documentToMarkdown, markdownToDocument } from "../content/markdown";
import { ApiError, badRequest } from "../lib/errors";
import { listEnvelope } from "./common";
import { JSONDocumentSchema } from "./document";
import { UserSchema } from "./user";

/** The most a description holds, as markdown: as much as a comment's body. */
export const MAX_DESCRIPTION_MARKDOWN = 100_000;

/**
 * A change request's description in a request body: the reference's JSONDocument (0.202), or, as Quire's
 * convenience, any form a page or comment body takes (`{markdown}`, `{document}`, `{}`, a markdown string).
 * An empty document (or empty markdown) clears it: 0.202 allows no `null`.
 */
export const ChangeRequestDescriptionInput = z
  .union([JSONDocumentInput.describe("A JSONDocument"), documentInput(MAX_DESCRIPTION_MARKDOWN)], {
    error: "must be a JSONDocument, a document object ({markdown}, {document} or {}) or a markdown string",
  })
  .describe(
    "The reference's JSONDocument; Quire also takes `{markdown}`, `{document}`, `{}` or a markdown string. " +
      "An empty document clears the description.",
  );
type DescriptionInputValue = z.infer<typeof JSONDocumentInput> | DocumentInputValue;

/**
 * The description as stored (markdown; "" when none): a document that cannot be converted, or whose markdown is
 * longer than MAX_DESCRIPTION_MARKDOWN or does not read back as a document, is a 400 naming `body.description`.
 */
export function descriptionMarkdown(input: DescriptionInputValue): string {
  let markdown: string;
  try {
    markdown =
      "object" in input
        ? documentToMarkdown(input as never)
        : "markdown" in input
          ? input.markdown
          : "document" in input
            ? documentToMarkdown(input.document as never)
            : "";
    // Trailing blank lines say nothing; leading spaces may (an indented code block), so they stay.
    markdown = markdown.trimEnd();
    if (markdown.length > MAX_DESCRIPTION_MARKDOWN)
      throw badRequest(`body.description: must be at most ${MAX_DESCRIPTION_MARKDOWN} characters as markdown`);
    markdownToDocument(markdown); // it must read back as a document (nesting and bracket limits)
  } catch (error) {
    // The converters name the document's own fields (`document.nodes[0]: …`) or none: here it is body.description.
    if (error instanceof ApiError && !error.message.startsWith("body.description"))
      throw badRequest(
        /^document\b/.test(error.message)
          ? error.message.replace(/^document\b/, "body.description")
          : `body.description: ${error.message}`,
      );
    throw error;
  }
  return markdown;
}

/**
 * `format` on the change-request reads and updates (Quire's extension): `markdown` adds `descriptionMarkdown`,
 * the description as the markdown Quire stores, beside the reference's `description` document.
 */
export const ChangeRequestFormatQuery = z.object({
  format: z
    .enum(["document", "markdown"])
    .optional()
    .openapi({
      description:
        "Quire extension: `markdown` adds `descriptionMarkdown` (the description as markdown) to a change request " +
        "that has a description. `document` (the default) answers the reference's shape.",
    }),
});

export const ChangeRequestSchema = z
  .object({
    object: z.literal("change-request"),
    id: z.string(),
    number: z.number(),
    status: z.enum(["draft", "open", "archived", "merged"]),
    subject: z.string(),
    // 0.202 (extra to 0.137's): given when the change request has one.
    description: JSONDocumentSchema.optional(),
    descriptionMarkdown: z
      .string()
      .optional()
      .openapi({ description: "Quire: the description as markdown, with `format=markdown` only." }),
    createdBy: UserSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
    mergedAt: z.string().optional(),
    space: z.string().openapi({ description: "ID of the space in which the change request was created." }),
    revision: z.string(),
    revisionInitial: z.string(),
    revisionMergedAncestor: z.string().optional(),
    revisionMerged: z.string().optional(),
    comments: z.number(),
    outdated: z.boolean(),
    urls: z.object({ app: z.string(), location: z.string() }),
  })
  .openapi("ChangeRequest");
export type ChangeRequest = z.infer<typeof ChangeRequestSchema>;

export const ChangeRequestListSchema = listEnvelope(ChangeRequestSchema, "ChangeRequestList");
