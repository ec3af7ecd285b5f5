import type { Drafted, RetrievedSection } from "./extractive";
import { UNKNOWN_ANSWER } from "./extractive";

// Workers AI generation (the `AI` binding, deployed configuration only): an answer written from the retrieved
// sections alone, citing them as [n]; anything that cites none of them is "I don't know".

/** The Workers AI text model answers are written with (ANSWER_MODEL overrides it). */
export const DEFAULT_ANSWER_MODEL = "@cf/meta/llama-3.1-8b-instruct";
const SECTION_CHARS = 2_000;
const NO_ANSWER = "NO_ANSWER";

/** The prompt: rules, the organization's instructions when set, then the numbered sections. */
export function answerPrompt(sections: RetrievedSection[], instructions?: string) {
  const sources = sections
    .map(
      (s, i) =>
        `[${i + 1}] ${s.pageTitle}${s.heading && s.heading !== s.pageTitle ? ` — ${s.heading}` : ""}\n${s.body.slice(0, SECTION_CHARS)}`,
    )
    .join("\n\n");
  return [
    "You answer questions about a documentation site using ONLY the numbered sources below.",
    "Cite every statement with the number of its source in square brackets, like [1].",
    `If the sources do not contain the answer, reply exactly ${NO_ANSWER} and nothing else.`,
    "Never use knowledge that is not in the sources.",
    ...(instructions ? ["", "Instructions from the documentation's owners:", instructions] : []),
    "",
    "Sources:",
    sources,
  ].join("\n");
}

/** The model's text, from the shapes Workers AI text models answer with. */
function responseText(result: unknown): string {
  if (typeof result === "string") return result;
  const r = result as { response?: unknown; choices?: { message?: { content?: unknown } }[] } | undefined;
  if (typeof r?.response === "string") return r.response;
  const content = r?.choices?.[0]?.message?.content;
  return typeof content === "string" ? content : "";
}

/**
 * Asks the model, then keeps it grounded: the sources are renumbered in citation order, citations of sources
 * that do not exist are dropped, and a reply that cites nothing (or says it cannot answer) is "I don't know".
 */
export async function generatedAnswer(
  ai: Ai,
  model: string,
  question: string,
  sections: RetrievedSection[],
  instructions?: string,
): Promise<Drafted> {
  const unknown: Drafted = { text: UNKNOWN_ANSWER, known: false, cited: [], coverage: 0 };
  if (!sections.length) return unknown;
  const result = await ai.run(
    model as never,
    {
      messages: [
        { role: "system", content: answerPrompt(sections, instructions) },
        { role: "user", content: question },
      ],
      max_tokens: 512,
      temperature: 0,
    } as never,
  );
  const raw = responseText(result).trim();
  if (!raw || raw.includes(NO_ANSWER)) return unknown;
  const cited: number[] = [];
  const text = raw
    .replace(/\[(\d+)\]/g, (_, n: string) => {
      const index = Number(n) - 1;
      if (!sections[index]) return "";
      if (!cited.includes(index)) cited.push(index);
      return `[${cited.indexOf(index) + 1}]`;
    })
    .replace(/[ \t]+([.,;:])/g, "$1")
    .trim();
  if (!cited.length) return unknown;
  return { text, known: true, cited, coverage: 1 };
}
