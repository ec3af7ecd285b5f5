/**
 * Translating pages: their title, description and markdown body, as units (translation-units.ts) sent to a
 * translator in two rounds at most: every unit whole, then the pieces of the units whose answer lost its
 * placeholders. Pure: the translator is a function given by the caller (Workers AI, or the stand-in).
 */
import { assembleMarkdown, type MarkdownPlan, planMarkdown } from "./translation-markdown";
import {
  fromPieces,
  fromWhole,
  type GlossaryMatcher,
  pieceTexts,
  placeholderText,
  plainUnit,
  translatable,
  type Unit,
  unitWords,
} from "./translation-units";

export { glossaryMatcher, type GlossaryMatcher, type GlossaryTerm } from "./translation-units";

/** Translates texts in order; the answer has one text per input. */
export type TranslateTexts = (texts: string[]) => Promise<string[]>;

export interface TranslatableItem {
  key: string;
  title: string;
  description?: string;
  /** Markdown (document pages and reusable contents). */
  body?: string;
}

export interface TranslatedItem {
  key: string;
  title: string;
  description?: string;
  body?: string;
  /** Words sent for translation (title, description and body). */
  words: number;
}

interface Planned {
  item: TranslatableItem;
  title: Unit;
  description?: Unit;
  body?: MarkdownPlan;
}

async function translateChecked(translate: TranslateTexts, texts: string[]): Promise<string[]> {
  if (!texts.length) return [];
  const out = await translate(texts);
  if (out.length !== texts.length || out.some((t) => typeof t !== "string"))
    throw new Error(`The translator answered ${out.length} texts for ${texts.length}`);
  return out;
}

/** The outputs of units (undefined: kept as they are), in two translator rounds at most. */
export async function translateUnits(units: Unit[], translate: TranslateTexts): Promise<(string | undefined)[]> {
  const active = units.flatMap((unit, i) => (translatable(unit) ? [i] : []));
  const whole = await translateChecked(
    translate,
    active.map((i) => placeholderText(units[i]!)),
  );
  const outputs: (string | undefined)[] = units.map(() => undefined);
  const retry: number[] = [];
  active.forEach((i, k) => {
    const built = fromWhole(units[i]!, whole[k]!);
    if (built === undefined) retry.push(i);
    else outputs[i] = built;
  });
  const texts = retry.map((i) => pieceTexts(units[i]!));
  const pieces = await translateChecked(translate, texts.flat());
  let at = 0;
  retry.forEach((i, k) => {
    const n = texts[k]!.length;
    outputs[i] = fromPieces(units[i]!, pieces.slice(at, at + n));
    at += n;
  });
  return outputs;
}

/** Translates items together (one or two translator rounds for all of them). */
export async function translateItems(
  items: TranslatableItem[],
  glossary: GlossaryMatcher,
  translate: TranslateTexts,
): Promise<TranslatedItem[]> {
  const planned: Planned[] = items.map((item) => ({
    item,
    title: plainUnit(item.title, glossary),
    description: item.description ? plainUnit(item.description, glossary) : undefined,
    body: item.body ? planMarkdown(item.body, glossary) : undefined,
  }));
  const units: Unit[] = planned.flatMap((p) => [
    p.title,
    ...(p.description ? [p.description] : []),
    ...(p.body?.units ?? []),
  ]);
  const outputs = await translateUnits(units, translate);
  let at = 0;
  return planned.map((p) => {
    const take = (n: number) => {
      const part = outputs.slice(at, at + n);
      at += n;
      return part;
    };
    const [title] = take(1);
    const [description] = p.description ? take(1) : [];
    const bodyOutputs = take(p.body?.units.length ?? 0);
    const own = [p.title, ...(p.description ? [p.description] : []), ...(p.body?.units ?? [])];
    const translated: TranslatedItem = {
      key: p.item.key,
      title: title || p.item.title,
      words: own.filter(translatable).reduce((sum, unit) => sum + unitWords(unit), 0),
    };
    if (p.item.description !== undefined) translated.description = description || p.item.description;
    if (p.body) translated.body = assembleMarkdown(p.body, bodyOutputs);
    else if (p.item.body !== undefined) translated.body = p.item.body;
    return translated;
  });
}
