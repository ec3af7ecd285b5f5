import { documentToMarkdown, markdownToDocument } from "../../content/markdown";
import { ApiError, badRequest } from "../../lib/errors";
import { type AgentInstructionsInputValue, MAX_AGENT_INSTRUCTIONS } from "../../wire/agents";

/**
 * Instructions as stored (markdown). `field` names them in a 400 (`body.instructions`): a document that cannot
 * be converted, or whose markdown is longer than MAX_AGENT_INSTRUCTIONS.
 */
export function instructionsMarkdown(input: AgentInstructionsInputValue, field: string): string {
  let markdown: string;
  try {
    markdown = typeof input === "string" ? input : documentToMarkdown(input as never);
  } catch (error) {
    // The converter names the document's own fields (`document.nodes[0]: …`): here it is the body's field.
    if (error instanceof ApiError) throw badRequest(error.message.replace(/^document\b/, field));
    throw error;
  }
  markdown = markdown.trim();
  if (markdown.length > MAX_AGENT_INSTRUCTIONS)
    throw badRequest(`${field}: must be at most ${MAX_AGENT_INSTRUCTIONS} characters as markdown`);
  markdownToDocument(markdown); // it must read back as a document (nesting and bracket limits)
  return markdown;
}
