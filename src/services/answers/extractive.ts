import { matchedTerms, sentences } from "./text";

// The deterministic answerer (no AI binding): the best sentences of the retrieved sections, each cited.

/** A retrieved section, with its full text (markdown) and where it lives. */
export interface RetrievedSection {
  spaceId: string;
  revisionId: string;
  pageId: string;
  pageTitle: string;
  pagePath: string;
  /** The heading's anchor, "" for the text before the page's first heading. */
  anchor: string;
  heading: string;
  body: string;
  url: string;
}

export interface Drafted {
  text: string;
  known: boolean;
  /** Indexes into the retrieved sections, in citation order. */
  cited: number[];
  /** Share of the question's terms the cited sections cover (0..1). */
  coverage: number;
}

const MAX_SENTENCES = 3;

export const UNKNOWN_ANSWER = "I don't know: I found nothing in this documentation that answers the question.";

/**
 * Picks up to three sentences that share the most question terms (ties: the better-ranked section first, then
 * earlier in it) and cites each with `[n]`, n the source's position in the answer. "I don't know" when the
 * retrieved sections together cover fewer than half of the terms, or no sentence shares a term.
 */
export function extractiveAnswer(terms: string[], sections: RetrievedSection[]): Drafted {
  const unknown: Drafted = { text: UNKNOWN_ANSWER, known: false, cited: [], coverage: 0 };
  if (!terms.length || !sections.length) return unknown;
  const scored: { sentence: string; section: number; order: number; hits: Set<string> }[] = [];
  sections.forEach((section, index) => {
    const context = matchedTerms(`${section.pageTitle} ${section.heading}`, terms);
    sentences(section.body).forEach((sentence, order) => {
      const own = matchedTerms(sentence, terms);
      if (!own.size) return;
      scored.push({ sentence, section: index, order, hits: new Set([...own, ...context]) });
    });
  });
  scored.sort((a, b) => b.hits.size - a.hits.size || a.section - b.section || a.order - b.order);
  const chosen = scored.slice(0, MAX_SENTENCES);
  const covered = new Set(chosen.flatMap((c) => [...c.hits]));
  const coverage = covered.size / terms.length;
  if (!chosen.length || coverage < 0.5) return unknown;
  // Reading order: by source, then by place in it.
  chosen.sort((a, b) => a.section - b.section || a.order - b.order);
  const cited: number[] = [];
  const parts = chosen.map((c) => {
    if (!cited.includes(c.section)) cited.push(c.section);
    return `${c.sentence} [${cited.indexOf(c.section) + 1}]`;
  });
  return { text: parts.join(" "), known: true, cited, coverage };
}
