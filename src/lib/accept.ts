/**
 * Content negotiation for published pages (RFC 9110 §12.5.1): a page URL answers its markdown twin to a client
 * whose `Accept` names `text/markdown` and does not prefer `text/html` to it; everyone else gets HTML. Browsers
 * never name `text/markdown`, so their defaults (`text/html,…,*\/*;q=0.8`) keep getting HTML, and `*\/*` or
 * `text/*` alone is HTML too: a wildcard is no request for markdown.
 */

interface Range {
  type: string;
  subtype: string;
  q: number;
}

/** Longest Accept header read (a browser's is ~150 characters); the rest is ignored, never an error. */
const LONGEST_ACCEPT = 2048;

function parseAccept(accept: string): Range[] {
  const ranges: Range[] = [];
  for (const part of accept.slice(0, LONGEST_ACCEPT).split(",")) {
    const [media = "", ...params] = part.split(";");
    const [type, subtype] = media.trim().toLowerCase().split("/");
    if (!type || !subtype) continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split("=").map((s) => s.trim().toLowerCase());
      if (name !== "q") continue;
      const parsed = Number(value);
      q = Number.isFinite(parsed) && value !== "" ? Math.min(1, Math.max(0, parsed)) : 1;
    }
    ranges.push({ type, subtype, q });
  }
  return ranges;
}

/** The quality the ranges give `type/subtype`: from the most specific range that matches, 0 when none does. */
function quality(ranges: Range[], type: string, subtype: string): { q: number; exact: boolean } {
  let best = { q: 0, specificity: -1 };
  for (const range of ranges) {
    const specificity =
      range.type === type && range.subtype === subtype
        ? 2
        : range.type === type && range.subtype === "*"
          ? 1
          : range.type === "*" && range.subtype === "*"
            ? 0
            : -1;
    if (specificity > best.specificity) best = { q: range.q, specificity };
  }
  return { q: best.q, exact: best.specificity === 2 };
}

/** Whether a request with this `Accept` header gets a page's markdown rather than its HTML. */
export function prefersMarkdown(accept: string | undefined | null): boolean {
  if (!accept?.toLowerCase().includes("markdown")) return false;
  const ranges = parseAccept(accept);
  const markdown = quality(ranges, "text", "markdown");
  const htmlQ = quality(ranges, "text", "html").q;
  // Named explicitly and at least as wanted as HTML: a tie goes to markdown, as only agents name it.
  return markdown.exact && markdown.q > 0 && markdown.q >= htmlQ;
}
