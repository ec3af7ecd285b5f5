import { z } from "zod";

/** A JSONDocument as a request sends it; its nodes are checked when it is converted to markdown. */
export const JSONDocumentInput = z.object({
  object: z.literal("document"),
  data: z.record(z.string(), z.unknown()),
  nodes: z.array(z.unknown()),
});

/**
 * `{}`. Named keys typed `never` (rather than only `.strict()`) so that `{markdown: 5}` fails here as a wrong
 * type, not as an unknown key: zod reports a union's only branch whose issues do not abort (an unknown key's
 * do not) instead of the union, and would name `markdown` as unrecognized rather than as not a string.
 * Its output is plain `{}`; its OpenAPI form is given whole, as the generator has no form for `never`.
 */
const EmptyDocument = z
  .object({ markdown: z.never().optional(), document: z.never().optional() })
  .strict()
  .transform((): Record<never, never> => ({}))
  .meta({ type: "object", description: "Empty", properties: {}, additionalProperties: false });

/**
 * A document in a request body: `{markdown}`, `{document}` (a JSONDocument), `{}` (empty), or a plain markdown
 * string, as real clients send it (the contract's leniency), turned into `{markdown}` here so that everything
 * after validation sees one of the three object forms and a string behaves exactly as `{markdown}` would.
 * Plain zod: routes add OpenAPI names around it; the string alternative shows in the document as `type: string`.
 */
export function documentInput(maxMarkdown: number) {
  const alternatives = [
    z
      .string()
      .max(maxMarkdown)
      .describe("Markdown, the same as `{markdown}`")
      .transform((markdown) => ({ markdown })),
    z.object({ markdown: z.string().max(maxMarkdown) }).strict(),
    z.object({ document: JSONDocumentInput }).strict(),
    EmptyDocument,
  ] as const;
  return z
    .union(alternatives, { error: "must be a markdown string or a document object ({markdown}, {document} or {})" })
    .describe("`{markdown}`, `{document}` (a JSONDocument), `{}` (empty), or a markdown string");
}

export type DocumentInputValue = z.output<ReturnType<typeof documentInput>>;
