/**
 * Page bodies: markdown (CommonMark + GFM) ⇄ the reference's block JSON, page frontmatter, slugs and
 * heading sections. Pure functions (no I/O); every failure is an ApiError 400, never a crash.
 *
 * Stored bodies: `parsePageMarkdown(...).body` is the markdown exactly as the client wrote it, minus the
 * frontmatter block. The frontmatter's values become page fields (title, description, emoji, …), which are the
 * single source of truth for page metadata (a later `update_page` with `title` would otherwise contradict a
 * stale frontmatter kept in the body); the leading `# heading` is kept in the body.
 */
import type { Root } from "mdast";
import { toString } from "mdast-util-to-string";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkStringify from "remark-stringify";
import { unified } from "unified";
import { badRequest } from "../lib/errors";
import { assignKeys, DOCUMENT_SCHEMA_VERSION, type JSONDocument, plainText } from "./document";
import { rootToBlocks } from "./from-markdown";
import { type PageFrontmatter, readFrontmatter, splitFrontmatter } from "./frontmatter";
import { checkDocument, flow } from "./to-markdown";

export type { PageFrontmatter, PageLayoutOptions, PageLayoutPreset } from "./frontmatter";
export type { ContentRef, DocumentBlock, DocumentInline, DocumentText, JSONDocument } from "./document";
export { slugify, uniqueSlug } from "./slug";

const parser = unified().use(remarkParse).use(remarkGfm);
const serializer = unified().use(remarkGfm).use(remarkStringify, {
  bullet: "-",
  emphasis: "_",
  strong: "*",
  fence: "`",
  fences: true,
  rule: "-",
  listItemIndent: "one",
  incrementListMarker: true,
});

const HINT_TAG = /^[ \t]*\{%\s*(?:hint\s+style\s*=\s*["'][^"']*["']|endhint)\s*%\}[ \t]*$/;
const FENCE = /^[ \t]*(?:>[ \t]*)*(`{3,}|~{3,})/;

/** Puts GitBook's `{% hint %}`/`{% endhint %}` tags (outside code fences) in paragraphs of their own. */
function isolateHintTags(markdown: string): string {
  if (!markdown.includes("{%")) return markdown;
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split("\n")) {
    const opener = FENCE.exec(line)?.[1];
    if (fence) {
      if (
        opener &&
        opener[0] === fence[0] &&
        opener.length >= fence.length &&
        line.trim() === line.trim().replace(/[^`~]/g, "")
      )
        fence = undefined;
    } else if (opener) fence = opener;
    else if (HINT_TAG.test(line)) {
      if (out.length > 0 && out.at(-1)!.trim() !== "") out.push("");
      out.push(line, "");
      continue;
    }
    out.push(line);
  }
  return out.join("\n");
}

/**
 * More block containers than this on one line (`> > - > …`), or a list item indented past MAX_LIST_INDENT
 * columns (lists nested by indentation), is refused: the parser's cost grows quadratically or worse with depth.
 */
const MAX_LINE_NESTING = 100;
const MAX_LIST_INDENT = 256;
const INDENTED_ITEM = /^[ \t]*(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/;
const CONTAINER_PREFIX = /^(?:[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)))+/;
const CONTAINER_MARKER = />|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)/g;

function checkNesting(markdown: string) {
  for (const line of markdown.split("\n")) {
    const prefix = CONTAINER_PREFIX.exec(line)?.[0];
    if (
      prefix &&
      prefix.length > MAX_LINE_NESTING &&
      (prefix.match(CONTAINER_MARKER)?.length ?? 0) > MAX_LINE_NESTING
    ) {
      throw badRequest(`The markdown nests blocks more than ${MAX_LINE_NESTING} levels deep`);
    }
    if (line.length > MAX_LIST_INDENT && INDENTED_ITEM.test(line)) {
      const indent = /^[ \t]*/.exec(line)![0].replace(/\t/g, "    ").length;
      if (indent > MAX_LIST_INDENT)
        throw badRequest(`The markdown nests blocks more than ${MAX_LINE_NESTING} levels deep`);
    }
  }
}

/** D1 values are capped at 2 MB; page bodies stay well under it. */
export const MAX_PAGE_BODY_BYTES = 1_900_000;
/** Unclosed `[` make the markdown parser quadratic; real documents never nest brackets this deep. */
const MAX_BRACKET_DEPTH = 1000;

function checkBrackets(markdown: string) {
  let depth = 0;
  for (let i = 0; i < markdown.length; i++) {
    const ch = markdown.charCodeAt(i);
    if (ch === 91 /* [ */) {
      if (++depth > MAX_BRACKET_DEPTH)
        throw badRequest(`The markdown opens more than ${MAX_BRACKET_DEPTH} nested or unclosed brackets`);
    } else if (ch === 93 /* ] */ && depth > 0) depth--;
  }
}

/** What a page body must satisfy before it is stored: size, block nesting and bracket depth (all 400s). */
export function checkPageBody(markdown: string): void {
  const bytes = new TextEncoder().encode(markdown).length;
  if (bytes > MAX_PAGE_BODY_BYTES)
    throw badRequest(`The page body is ${bytes} bytes; the limit is ${MAX_PAGE_BODY_BYTES} bytes`);
  checkNesting(markdown);
  checkBrackets(markdown);
}

function parse(markdown: string): Root {
  checkNesting(markdown);
  checkBrackets(markdown);
  try {
    return parser.parse(isolateHintTags(markdown));
  } catch (error) {
    if (error instanceof RangeError) throw badRequest("The markdown is nested too deeply to be parsed");
    throw badRequest(`The markdown could not be parsed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function checkInput(markdown: unknown): string {
  if (typeof markdown !== "string") throw badRequest("markdown: must be a string");
  return markdown.replace(/\r\n?/g, "\n").replace(/\u0000/g, "\uFFFD");
}

/**
 * A page's markdown as written by a client: its frontmatter metadata, its title (frontmatter `title`, else the
 * text of a leading `# heading`) and the body to store (the markdown without the frontmatter block).
 */
export function parsePageMarkdown(markdown: string): { meta: PageFrontmatter; title?: string; body: string } {
  if (typeof markdown !== "string") throw badRequest("markdown: must be a string");
  const { yaml, body } = splitFrontmatter(markdown);
  const meta = yaml === undefined ? {} : readFrontmatter(yaml);
  let title = meta.title;
  if (!title) {
    // The leading block ends at the first blank line: parse only that much.
    const firstBlock =
      checkInput(body)
        .replace(/^\s*\n/, "")
        .split(/\n[ \t]*\n/, 1)[0] ?? "";
    const first = parse(firstBlock).children[0];
    if (first?.type === "heading" && first.depth === 1)
      title = toString(first).replace(/\s+/g, " ").trim() || undefined;
  }
  return title ? { meta, title, body } : { meta, body };
}

/** CommonMark + GFM (frontmatter skipped) → the reference's `JSONDocument`, with deterministic keys. */
export function markdownToDocument(markdown: string): JSONDocument {
  const { body } = splitFrontmatter(checkInput(markdown));
  const doc: JSONDocument = {
    object: "document",
    data: { schemaVersion: DOCUMENT_SCHEMA_VERSION },
    nodes: rootToBlocks(parse(body)),
  };
  return assignKeys(doc);
}

const stringify = (root: Root) => serializer.stringify(root);

/** A `JSONDocument` → markdown that `markdownToDocument` reads back to the same blocks. Invalid JSON: 400. */
export function documentToMarkdown(doc: JSONDocument): string {
  checkDocument(doc);
  const root: Root = { type: "root", children: flow(doc.nodes, stringify) };
  try {
    return root.children.length > 0 ? stringify(root) : "";
  } catch (error) {
    if (error instanceof RangeError) throw badRequest("document: nested too deeply");
    throw badRequest(
      `document: could not be converted to markdown (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

export interface HeadingSection {
  /** The heading's anchor (its `meta.id` in the document); "" for the text before the first heading. */
  anchor: string;
  title: string;
  /** Plain text of the section's blocks, one block per line. */
  body: string;
}

/** A page body split at its top-level headings, for the search index. Empty leading text yields no section. */
export function headingSections(markdown: string): HeadingSection[] {
  const doc = markdownToDocument(markdown);
  const sections: HeadingSection[] = [];
  let current: { anchor: string; title: string; lines: string[] } = { anchor: "", title: "", lines: [] };
  const flush = () => {
    const body = current.lines.join("\n").trim();
    if (current.anchor || body) sections.push({ anchor: current.anchor, title: current.title, body });
  };
  for (const node of doc.nodes) {
    if (node.type.startsWith("heading-")) {
      flush();
      current = { anchor: node.meta?.id ?? "", title: plainText(node).replace(/\s+/g, " ").trim(), lines: [] };
    } else {
      const text = plainText(node).trim();
      if (text) current.lines.push(text);
    }
  }
  flush();
  return sections;
}

/** Parses markdown to mdast (the same parser as page bodies; depth-guarded). */
export function parseMarkdown(markdown: string): Root {
  return parse(markdown);
}

/** mdast → markdown with the same serializer options as page bodies (imports build mdast, then write it). */
export function mdastToMarkdown(root: Root): string {
  try {
    return root.children.length > 0 ? stringify(root) : "";
  } catch (error) {
    if (error instanceof RangeError) throw badRequest("The imported content is nested too deeply");
    throw error;
  }
}
