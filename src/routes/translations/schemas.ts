import { z } from "@hono/zod-openapi";
import { documentToMarkdown, markdownToDocument } from "../../content/markdown";
import { ApiError, badRequest } from "../../lib/errors";
import { type InstructionsInput, MAX_INSTRUCTIONS } from "../../wire/translation";

export const TranslationParams = z.object({ organizationId: z.string(), translationId: z.string().max(100) });
export const GlossaryEntryParams = z.object({ organizationId: z.string(), glossaryEntryId: z.string().max(100) });

/** The instructions as stored (markdown); a document that cannot be converted, or is too long, is a 400. */
export function instructionsMarkdown(input: z.infer<typeof InstructionsInput>): string {
  let markdown: string;
  try {
    markdown = typeof input === "string" ? input : documentToMarkdown(input as never);
  } catch (error) {
    // The converter names the document's own fields (`document.nodes[0]: …`): here it is body.instructions.
    if (error instanceof ApiError) throw badRequest(error.message.replace(/^document\b/, "body.instructions"));
    throw error;
  }
  if (markdown.length > MAX_INSTRUCTIONS)
    throw badRequest(`body.instructions: must be at most ${MAX_INSTRUCTIONS} characters as markdown`);
  markdownToDocument(markdown); // it must read back as a document (nesting and bracket limits)
  return markdown;
}
