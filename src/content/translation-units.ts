/**
 * Translation units: the pieces of text a translator sees, and how its answers are put back.
 *
 * A unit is a run of inline content (a paragraph, a heading, a table cell, a page title) cut into pieces: text
 * to translate, fixed output (inline code, images, URLs, Liquid tags, glossary terms: never sent) and the
 * opening and closing markup of emphasis and links (their inner text is translated). A unit is first sent
 * whole, fixed pieces as `<xN/>` and markup as `<aN>…</aN>`, so the translator sees whole sentences; when the
 * answer does not give back every placeholder exactly once and well nested, its text pieces are sent one by
 * one instead (no placeholders at all) and the unit is rebuilt around them.
 */

export type Piece =
  /** Text to translate; `raw` is its exact source (kept when it has nothing to translate). */
  | { kind: "text"; value: string; raw?: string }
  /** Output as is; `source` is the text it stands for in word counts (a glossary term's source). */
  | { kind: "fixed"; output: string; source?: string }
  | { kind: "open" | "close"; id: number; output: string };

export interface Unit {
  pieces: Piece[];
  /** Markdown units escape translated text; plain ones (titles) take it as it comes. */
  markdown: boolean;
}

/** A glossary pair for one source → target language: whole-word, case-insensitive matches of `source`. */
export interface GlossaryTerm {
  source: string;
  target: string;
}

const LETTER = /\p{L}/u;
const hasLetters = (text: string) => LETTER.test(text);

/** Whether a unit has anything to translate at all (else it is left exactly as it is). */
export function translatable(unit: Unit): boolean {
  return unit.pieces.some((p) => p.kind === "text" && hasLetters(p.value));
}

const collapse = (text: string) => text.replace(/\s+/g, " ");

/** The unit as sent whole: text with placeholders for everything else. */
export function placeholderText(unit: Unit): string {
  let fixed = 0;
  return unit.pieces
    .map((p) => {
      if (p.kind === "text") return collapse(p.value);
      if (p.kind === "fixed") return `<x${++fixed}/>`;
      return p.kind === "open" ? `<a${p.id}>` : `</a${p.id}>`;
    })
    .join("")
    .trim();
}

/** The texts sent one by one when the whole unit came back without its placeholders. */
export function pieceTexts(unit: Unit): string[] {
  return unit.pieces.flatMap((p) => (p.kind === "text" && hasLetters(p.value) ? [collapse(p.value).trim()] : []));
}

/** Backslash-escapes what would turn translated text into markdown syntax. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>~|]/g, "\\$&").replace(/&(?=#?\w+;)/g, "\\&");
}

/** Translated text that starts a block must not start a new one (a heading, a list item, a quote). */
function escapeBlockStart(text: string): string {
  return text.replace(/^([#=+-])/, "\\$1").replace(/^(\d{1,9})([.)])/, "$1\\$2");
}

const outputOf = (unit: Unit, text: string) => (unit.markdown ? escapeMarkdown(text) : text);

function finish(unit: Unit, out: string[], firstIsText: boolean, lastIsText: boolean): string {
  let result = out.join("");
  if (unit.markdown && firstIsText) result = escapeBlockStart(result);
  // An ATX heading drops trailing `#`s: keep a translated one.
  if (unit.markdown && lastIsText) result = result.replace(/(?<!\\)#$/, "\\#");
  return result;
}

const TOKEN = /<\s*(\/?)\s*([ax])\s*(\d+)\s*(\/?)\s*>/g;

/**
 * Rebuilds a unit from the translation of its placeholder text. Undefined when a placeholder is missing,
 * repeated or misplaced (the caller then translates the pieces one by one).
 */
export function fromWhole(unit: Unit, translated: string): string | undefined {
  const fixed = unit.pieces.filter((p) => p.kind === "fixed");
  const marks = new Map(unit.pieces.flatMap((p) => (p.kind === "open" ? [[p.id, p]] : [])));
  const closes = new Map(unit.pieces.flatMap((p) => (p.kind === "close" ? [[p.id, p]] : [])));
  const seen = new Set<string>();
  const open: number[] = [];
  const out: string[] = [];
  let at = 0;
  let afterOpen = false;
  let firstIsText: boolean | undefined;
  let lastIsText = false;
  const pushText = (text: string, beforeClose: boolean) => {
    let t = collapse(text);
    // Inside markup, and at the start of a line (after a hard break), text starts without a space.
    if (afterOpen || /\n[ \t>]*$/.test(out.at(-1) ?? "")) t = t.trimStart();
    if (beforeClose) t = t.trimEnd();
    if (!t) return;
    firstIsText ??= true;
    lastIsText = true;
    out.push(outputOf(unit, t));
  };
  for (const match of translated.matchAll(TOKEN)) {
    const [token, slash, kind, digits, selfClose] = match;
    const id = Number(digits);
    const key = `${slash}${kind}${id}`;
    if (seen.has(key)) return undefined;
    seen.add(key);
    const closing = slash === "/";
    pushText(translated.slice(at, match.index), closing);
    at = match.index + token.length;
    firstIsText ??= false;
    lastIsText = false;
    if (kind === "x") {
      const piece = fixed[id - 1];
      if (!piece || closing || !selfClose) return undefined;
      out.push(piece.output);
      afterOpen = false;
    } else if (!closing) {
      const piece = marks.get(id);
      if (!piece || selfClose) return undefined;
      open.push(id);
      out.push(piece.output);
      afterOpen = true;
    } else {
      const piece = closes.get(id);
      if (!piece || open.pop() !== id) return undefined;
      out.push(piece.output);
      afterOpen = false;
    }
  }
  pushText(translated.slice(at), false);
  if (open.length || seen.size !== fixed.length + marks.size + closes.size) return undefined;
  // Nothing but placeholders came back: translate the pieces instead.
  if (!hasLetters(translated.replace(TOKEN, ""))) return undefined;
  return finish(unit, out, firstIsText ?? false, lastIsText);
}

/** Rebuilds a unit from its pieces translated one by one (in the order of `pieceTexts`). */
export function fromPieces(unit: Unit, translated: string[]): string {
  const out: string[] = [];
  let next = 0;
  let firstIsText: boolean | undefined;
  let lastIsText = false;
  for (const piece of unit.pieces) {
    lastIsText = piece.kind === "text" && hasLetters(piece.value);
    if (piece.kind !== "text") {
      firstIsText ??= false;
      out.push(piece.output);
      continue;
    }
    if (!hasLetters(piece.value)) {
      firstIsText ??= false;
      out.push(piece.raw ?? outputOf(unit, piece.value));
      continue;
    }
    const text = collapse(translated[next++] ?? "").trim();
    if (!text) {
      // No answer for this piece: keep its source.
      firstIsText ??= false;
      out.push(piece.raw ?? outputOf(unit, piece.value));
      continue;
    }
    firstIsText ??= true;
    const lead = /^\s/.test(piece.value) ? " " : "";
    const trail = /\s$/.test(piece.value) ? " " : "";
    out.push(`${lead}${outputOf(unit, text)}${trail}`);
  }
  return finish(unit, out, firstIsText ?? false, lastIsText);
}

/** Liquid tags and expressions, and a GitHub alert marker opening a quote: never translated. */
const PROTECTED = /\{%[\s\S]*?%\}|\{\{[\s\S]*?\}\}/g;
const ALERT = /^\[![A-Za-z]+\]/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** One regular expression matching every glossary source term as a whole word, longest first. */
export function glossaryMatcher(terms: GlossaryTerm[]): { pattern: RegExp; targets: Map<string, string> } | undefined {
  const usable = terms.filter((t) => t.source.trim() && t.target.trim());
  if (!usable.length) return undefined;
  const targets = new Map(usable.map((t) => [t.source.trim().toLocaleLowerCase(), t.target.trim()]));
  const alternatives = [...targets.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives.join("|")})(?![\\p{L}\\p{N}_])`, "giu");
  return { pattern, targets };
}
export type GlossaryMatcher = ReturnType<typeof glossaryMatcher>;

/**
 * Cuts a text into pieces: protected spans and glossary terms become fixed output, the rest stays text. `raw`
 * is the text's exact source, kept on the piece when nothing was cut out of it.
 */
export function textPieces(
  value: string,
  opts: { raw?: string; glossary: GlossaryMatcher; markdown: boolean; unitStart: boolean },
): Piece[] {
  const cuts: { start: number; end: number; output: string; source?: string }[] = [];
  if (opts.markdown) {
    for (const m of value.matchAll(PROTECTED)) cuts.push({ start: m.index, end: m.index + m[0].length, output: m[0] });
    const alert = opts.unitStart ? ALERT.exec(value) : null;
    if (alert) cuts.push({ start: 0, end: alert[0].length, output: alert[0] });
  }
  if (opts.glossary) {
    const { pattern, targets } = opts.glossary;
    for (const m of value.matchAll(pattern)) {
      const start = m.index;
      const end = start + m[0].length;
      if (cuts.some((c) => start < c.end && end > c.start)) continue;
      const target = targets.get(m[0].toLocaleLowerCase()) ?? m[0];
      cuts.push({ start, end, output: opts.markdown ? escapeMarkdown(target) : target, source: m[0] });
    }
  }
  if (!cuts.length) return [{ kind: "text", value, raw: opts.raw }];
  cuts.sort((a, b) => a.start - b.start);
  const pieces: Piece[] = [];
  let at = 0;
  for (const cut of cuts) {
    if (cut.start < at) continue;
    if (cut.start > at) pieces.push({ kind: "text", value: value.slice(at, cut.start) });
    pieces.push({ kind: "fixed", output: cut.output, source: cut.source });
    at = cut.end;
  }
  if (at < value.length) pieces.push({ kind: "text", value: value.slice(at) });
  return pieces;
}

/** A plain-text unit (a page title or description). */
export function plainUnit(text: string, glossary: GlossaryMatcher): Unit {
  return { markdown: false, pieces: textPieces(text, { glossary, markdown: false, unitStart: true }) };
}

const segmenter =
  typeof Intl !== "undefined" && "Segmenter" in Intl ? new Intl.Segmenter("und", { granularity: "word" }) : undefined;

/** Words of a text (word-like segments, so that languages without spaces count too). */
export function countWords(text: string): number {
  if (!segmenter) return text.split(/\s+/).filter(hasLetters).length;
  let words = 0;
  for (const s of segmenter.segment(text)) if (s.isWordLike) words++;
  return words;
}

/** The words a unit asks to translate (its text and its glossary terms). */
export function unitWords(unit: Unit): number {
  return countWords(
    unit.pieces.map((p) => (p.kind === "text" ? p.value : p.kind === "fixed" ? (p.source ?? " ") : " ")).join(""),
  );
}
