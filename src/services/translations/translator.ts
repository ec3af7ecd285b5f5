import { CONTENT_LANGUAGES as TRANSLATION_LANGUAGES } from "../../db/schema";
import type { Env } from "../../env";

/** The languages of the reference's TranslationLanguage enum (kept with the table that stores them). */
export { TRANSLATION_LANGUAGES };
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/**
 * What a translation run needs from a machine translator: texts in, texts out, in order. Texts may carry
 * placeholders (`<x1/>`, `<a1>…</a1>`) standing for code, links and glossary terms; a translator should keep
 * them (the run recovers when it does not).
 */
export interface Translator {
  /** Shown in job results and logs. */
  readonly name: string;
  /** External calls per text, for the run's per-invocation budget (0: free, e.g. the stand-in). */
  readonly costPerText: number;
  translate(texts: string[], from: TranslationLanguage, to: TranslationLanguage): Promise<string[]>;
}

/** The Workers AI model used when `AI` is bound and TRANSLATION_MODEL does not name another one. */
export const DEFAULT_TRANSLATION_MODEL = "@cf/meta/m2m100-1.2b";
/** Workers allow six simultaneous outgoing connections; AI calls beyond them would only queue. */
const AI_CONCURRENCY = 6;

/** m2m100 knows Portuguese and Chinese, not their variants. */
const MODEL_LANGUAGE: Partial<Record<TranslationLanguage, string>> = { "pt-br": "pt", yue: "zh" };
const modelLanguage = (language: TranslationLanguage) => MODEL_LANGUAGE[language] ?? language;

/** Machine translation through the Workers AI binding (one `run` per text, a few at a time). */
export function workersAiTranslator(ai: Ai, model: string): Translator {
  return {
    name: `workers-ai:${model}`,
    costPerText: 1,
    async translate(texts, from, to) {
      const out: string[] = new Array(texts.length);
      let next = 0;
      const worker = async () => {
        while (next < texts.length) {
          const i = next++;
          const result = (await ai.run(
            model as never,
            {
              text: texts[i]!,
              source_lang: modelLanguage(from),
              target_lang: modelLanguage(to),
            } as never,
          )) as { translated_text?: unknown } | undefined;
          const text = result?.translated_text;
          if (typeof text !== "string") throw new Error(`${model} answered without translated_text`);
          out[i] = text;
        }
      };
      await Promise.all(Array.from({ length: Math.min(AI_CONCURRENCY, texts.length) }, worker));
      return out;
    },
  };
}

const ACCENTS: Record<string, string> = {
  a: "à",
  e: "é",
  i: "î",
  o: "ô",
  u: "ü",
  A: "À",
  E: "É",
  I: "Î",
  O: "Ô",
  U: "Ü",
};
const PLACEHOLDER = /(<\/?[ax]\d+\/?>)/;

/**
 * A stand-in, not a translation: `[fr] ` before the text and accented vowels (`Hello` → `[fr] Héllô`),
 * placeholders kept. Deterministic, offline and free, so that local runs and tests go through every step of a
 * real run (and its output is easy to recognise) when no AI binding is configured.
 */
export const pseudoTranslator: Translator = {
  name: "pseudo",
  costPerText: 0,
  async translate(texts, _from, to) {
    return texts.map(
      (text) =>
        `[${to}] ${text
          .split(PLACEHOLDER)
          .map((part, i) => (i % 2 ? part : part.replace(/[aeiouAEIOU]/g, (v) => ACCENTS[v]!)))
          .join("")}`,
    );
  },
};

/** Workers AI when the `AI` binding is there, the stand-in otherwise. */
export function translatorFor(env: Pick<Env, "AI" | "TRANSLATION_MODEL">): Translator {
  return env.AI ? workersAiTranslator(env.AI, env.TRANSLATION_MODEL || DEFAULT_TRANSLATION_MODEL) : pseudoTranslator;
}
