import { z } from "zod";

/** A JSONDocument as a request sends it; its nodes are checked when it is converted to markdown. */
const JSONDocumentInput = z.object({
  object: z.literal("document"),
  data: z.record(z.string(), z.unknown()),
  nodes: z.array(z.unknown()),
});

/**
 * A document in a request body: `{markdown}`, `{document}` (a JSONDocument), `{}` (empty), or a plain markdown
 * string, as real clients send it (the contract's leniency), turned into `{markdown}` here so that everything
 * after validation sees one of the three object forms and a string behaves exactly as `{markdown}` would.
 * Plain zod: routes add OpenAPI names around it; the string alternative shows in the document as `type: string`.
 */
export function documentInput(maxMarkdown: number) {
  return z
    .union([
      z
        .string()
        .max(maxMarkdown)
        .describe("Markdown, the same as `{markdown}`")
        .transform((markdown) => ({ markdown })),
      z.object({ markdown: z.string().max(maxMarkdown) }).strict(),
      z.object({ document: JSONDocumentInput }).strict(),
      z.object({}).strict(),
    ])
    .describe("`{markdown}`, `{document}` (a JSONDocument), `{}` (empty), or a markdown string");
}

export type DocumentInputValue = z.output<ReturnType<typeof documentInput>>;
