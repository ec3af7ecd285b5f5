/**
 * Search text, pure functions: the sections a page contributes to the index, the FTS5 queries a user's
 * search string becomes, and the snippets results show. User input never reaches FTS5 syntax unquoted:
 * every term is a double-quoted string (inner quotes doubled), so operators, column filters, `*`, `^`,
 * parentheses and `NEAR` are plain text.
 */
import { headingSections } from "./markdown";

/** Markers FTS5's snippet() puts around matches; control characters are stripped from indexed text. */
export const MARK_OPEN = "\u0002";
export const MARK_CLOSE = "\u0003";
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
/** Longest section body kept in the index (a page without headings is one section). */
export const MAX_SECTION_CHARS = 100_000;

export interface IndexedSection {
  position: number;
  anchor: string;
  heading: string;
  body: string;
}

const clean = (text: string, max: number) => text.replace(CONTROL, " ").slice(0, max);

/**
 * A page's sections as indexed: its heading-delimited sections, or one empty section when the body has none
 * (so that the page is still found by its title).
 */
export function pageSections(markdown: string): IndexedSection[] {
  let sections: { anchor: string; title: string; body: string }[];
  try {
    sections = headingSections(markdown);
  } catch {
    sections = [{ anchor: "", title: "", body: markdown }];
  }
  if (!sections.length) sections = [{ anchor: "", title: "", body: "" }];
  return sections.map((s, position) => ({
    position,
    anchor: s.anchor,
    heading: clean(s.title, 1000),
    body: clean(s.body, MAX_SECTION_CHARS),
  }));
}

/** Scripts written without spaces between words: their queries go to the trigram index. */
const UNSEGMENTED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const WORDY = /[\p{L}\p{N}]/u;

const quote = (term: string) => `"${term.replace(/"/g, '""')}"`;
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** How one search string is run against the index. */
export interface SearchPlan {
  /** unicode61 MATCH expression (every term quoted, the last one a prefix); absent when no term has a letter or digit. */
  words?: string;
  /** Trigram plan: MATCH over terms of 3+ characters, LIKE patterns (ESCAPE '\') for shorter ones. */
  substrings?: { match?: string; like: string[] };
  /** The query is in a script without word spaces: use the trigram plan (only). */
  unsegmented: boolean;
  /** The terms, for marking matches in snippets made outside FTS5. */
  terms: string[];
}

export function planSearch(query: string): SearchPlan {
  const terms = query.normalize("NFKC").replace(CONTROL, " ").split(/\s+/).filter(Boolean);
  const wordTerms = terms.filter((t) => WORDY.test(t));
  const words = wordTerms.length
    ? wordTerms.map((t, i) => quote(t) + (i === wordTerms.length - 1 ? "*" : "")).join(" ")
    : undefined;
  const long = terms.filter((t) => [...t].length >= 3);
  const short = terms.filter((t) => [...t].length < 3 && WORDY.test(t));
  const substrings =
    long.length || short.length
      ? { match: long.length ? long.map(quote).join(" ") : undefined, like: short.map(likePattern) }
      : undefined;
  return { words, substrings, unsegmented: UNSEGMENTED.test(query), terms };
}

const escapeHTML = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A snippet as served: HTML-escaped text with the matched terms in `<mark>…</mark>`, whitespace collapsed.
 * `raw` carries MARK_OPEN/MARK_CLOSE around matches (FTS5 snippet()).
 */
export function renderSnippet(raw: string): string {
  return escapeHTML(raw.replace(/\s+/g, " ").trim())
    .replace(/\u0002/g, "<mark>")
    .replace(/\u0003/g, "</mark>");
}

/** A snippet made outside FTS5 (short CJK terms found by LIKE): a window around the first match, terms marked. */
export function markedWindow(text: string, terms: string[], radius = 60): string {
  const lower = text.toLowerCase();
  const needles = terms.map((t) => t.toLowerCase()).filter(Boolean);
  const first = Math.min(...needles.map((n) => lower.indexOf(n)).filter((i) => i >= 0), text.length);
  const start = first >= text.length ? 0 : Math.max(0, first - radius);
  const end = Math.min(text.length, (first >= text.length ? 0 : first) + radius * 2);
  let window = text.slice(start, end);
  if (needles.length) {
    const pattern = new RegExp(needles.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "giu");
    window = window.replace(pattern, (m) => MARK_OPEN + m + MARK_CLOSE);
  }
  return renderSnippet((start > 0 ? "…" : "") + window + (end < text.length ? "…" : ""));
}
