/**
 * Markdown-aware translation of a page body: the text of paragraphs, headings, list items, quotes, hints and
 * table cells is cut into units (translation-units.ts); everything else is left byte for byte as it was: code
 * blocks, inline code, HTML, URLs and link targets, images and file references, link reference definitions,
 * Liquid tags (`{% hint %}`, …), the frontmatter and the table structure. Each unit replaces exactly its own
 * range of the source, so what is not translated is never re-serialized.
 */
import type { Nodes, PhrasingContent } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { splitFrontmatter } from "./frontmatter";
import { type GlossaryMatcher, type Piece, textPieces, translatable, type Unit } from "./translation-units";

const parser = unified().use(remarkParse).use(remarkGfm);

export interface MarkdownUnit extends Unit {
  /** The unit's range in the body (after the frontmatter). */
  start: number;
  end: number;
}

export interface MarkdownPlan {
  /** The frontmatter block, kept as it is. */
  frontmatter: string;
  body: string;
  units: MarkdownUnit[];
}

const FENCE = /^[ \t]*(?:>[ \t]*)*(`{3,}|~{3,})/;
const TAG_LINE = /^[ \t]*\{%[^\n]*%\}[ \t]*$/;

/**
 * Puts every line that holds only Liquid tags (outside code fences) in a paragraph of its own, so that a unit
 * never runs across a `{% hint %}` line. Returns the text parsed and where newlines were added, to map the
 * parser's offsets back to the body.
 */
function isolateTagLines(markdown: string): { text: string; inserted: number[] } {
  if (!markdown.includes("{%")) return { text: markdown, inserted: [] };
  const lines = markdown.split("\n");
  const inserted: number[] = [];
  let out = "";
  let fence: string | undefined;
  lines.forEach((line, i) => {
    const last = i === lines.length - 1;
    const opener = FENCE.exec(line)?.[1];
    let tag = false;
    if (fence) {
      if (opener && opener[0] === fence[0] && opener.length >= fence.length && /^[\s`~>]*$/.test(line))
        fence = undefined;
    } else if (opener) fence = opener;
    else tag = TAG_LINE.test(line);
    if (tag && i > 0 && lines[i - 1]!.trim() !== "") {
      inserted.push(out.length);
      out += "\n";
    }
    out += line;
    if (last) return;
    out += "\n";
    if (tag) {
      inserted.push(out.length);
      out += "\n";
    }
  });
  return { text: out, inserted };
}

interface Walk {
  text: string;
  glossary: GlossaryMatcher;
  units: MarkdownUnit[];
  toBody: (offset: number) => number;
}

const startOf = (n: Nodes) => n.position?.start.offset;
const endOf = (n: Nodes) => n.position?.end.offset;

/** The pieces of one run of inline content; returns false when positions are missing (the unit is skipped). */
function phrasing(children: PhrasingContent[], w: Walk, pieces: Piece[], ids: { next: number }): boolean {
  const fixed = (output: string) => {
    if (!output) return;
    const last = pieces.at(-1);
    if (last?.kind === "fixed" && last.source === undefined) last.output += output;
    else pieces.push({ kind: "fixed", output });
  };
  let cursor: number | undefined;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    const start = startOf(child);
    let end = endOf(child);
    if (start === undefined || end === undefined) return false;
    if (cursor !== undefined && start > cursor) fixed(w.text.slice(cursor, start));
    const raw = w.text.slice(start, end);
    const hasChildren = "children" in child && child.children.length > 0;
    const paired =
      hasChildren &&
      (child.type === "emphasis" ||
        child.type === "strong" ||
        child.type === "delete" ||
        (child.type === "link" && raw.startsWith("[")) ||
        (child.type === "linkReference" && child.referenceType === "full"));
    if (child.type === "text") {
      pieces.push(
        ...textPieces(child.value, { raw, glossary: w.glossary, markdown: true, unitStart: pieces.length === 0 }),
      );
    } else if (paired) {
      const inner = child.children as PhrasingContent[];
      const first = startOf(inner[0]!);
      const last = endOf(inner.at(-1)!);
      if (first === undefined || last === undefined) return false;
      const id = ids.next++;
      pieces.push({ kind: "open", id, output: w.text.slice(start, first) });
      if (!phrasing(inner, w, pieces, ids)) return false;
      pieces.push({ kind: "close", id, output: w.text.slice(last, end) });
    } else if (child.type === "break") {
      // A hard break keeps the next line's indentation (its container prefix) with it.
      const next = children[i + 1];
      end = Math.max(end, (next && startOf(next)) ?? end);
      fixed(w.text.slice(start, end));
    } else {
      fixed(raw); // inline code, HTML, images, autolinks, footnote and collapsed references
    }
    cursor = end;
  }
  return true;
}

function addUnit(children: PhrasingContent[], w: Walk) {
  if (!children.length) return;
  const start = startOf(children[0]!);
  const end = endOf(children.at(-1)!);
  if (start === undefined || end === undefined) return;
  const pieces: Piece[] = [];
  if (!phrasing(children, w, pieces, { next: 1 })) return;
  const unit: MarkdownUnit = { markdown: true, pieces, start: w.toBody(start), end: w.toBody(end) };
  if (translatable(unit)) w.units.push(unit);
}

const UNTOUCHED = new Set(["code", "html", "yaml", "definition", "math", "thematicBreak"]);

function walk(node: Nodes, w: Walk) {
  if (node.type === "paragraph" || node.type === "heading" || node.type === "tableCell") {
    addUnit(node.children, w);
    return;
  }
  if (UNTOUCHED.has(node.type)) return;
  if ("children" in node) for (const child of node.children as Nodes[]) walk(child, w);
}

/** The units of a body (checked before it was stored: size, nesting and bracket depth). */
export function planMarkdown(markdown: string, glossary: GlossaryMatcher): MarkdownPlan {
  const { body } = splitFrontmatter(markdown);
  const frontmatter = markdown.slice(0, markdown.length - body.length);
  const { text, inserted } = isolateTagLines(body);
  const toBody = (offset: number) => {
    let shift = 0;
    while (shift < inserted.length && inserted[shift]! < offset) shift++;
    return offset - shift;
  };
  const w: Walk = { text, glossary, units: [], toBody };
  walk(parser.parse(text), w);
  return { frontmatter, body, units: w.units };
}

/** The body with each unit's range replaced by its translation (undefined: the unit is kept as it was). */
export function assembleMarkdown(plan: MarkdownPlan, outputs: (string | undefined)[]): string {
  const order = plan.units.map((unit, i) => ({ unit, output: outputs[i] })).sort((a, b) => a.unit.start - b.unit.start);
  let out = plan.frontmatter;
  let at = 0;
  for (const { unit, output } of order) {
    if (unit.start < at) continue;
    out += plan.body.slice(at, unit.start) + (output ?? plan.body.slice(unit.start, unit.end));
    at = unit.end;
  }
  return out + plan.body.slice(at);
}
