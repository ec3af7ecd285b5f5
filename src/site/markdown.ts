/**
 * A page body (CommonMark + GFM, frontmatter, GitBook hints) → the sanitized HTML of a published page, its
 * outline and a description. The chain: the API's own parser (src/content/markdown.ts parseMarkdown) → mdast
 * prepared for rendering (markdown/tree.ts: hints, alerts, heading anchors identical to the API's) → hast with
 * mdast-util-to-hast and this renderer's handlers (markdown/handlers.ts) → hast-util-sanitize with a schema of
 * exactly what those handlers generate (markdown/schema.ts) → hast-util-to-html.
 *
 * Never throws: unparseable input (nesting past the parser's guards) or an unexpected failure renders the
 * body as escaped plain-text paragraphs; unresolvable links are marked broken, not errors.
 */
import type { Element, ElementContent } from "hast";
import { sanitize } from "hast-util-sanitize";
import { toHtml } from "hast-util-to-html";
import type { Heading } from "mdast";
import { toHast } from "mdast-util-to-hast";
import { readFrontmatter, splitFrontmatter } from "../content/frontmatter";
import { parseMarkdown } from "../content/markdown";
import { createHandlers } from "./markdown/handlers";
import type { ContentResolver } from "./markdown/resolve";
import { SANITIZE_SCHEMA } from "./markdown/schema";
import { firstParagraphText, prepare } from "./markdown/tree";
import type { OutlineEntry } from "./view";

export type { ContentResolver } from "./markdown/resolve";

export interface RenderedMarkdown {
  html: string;
  outline: OutlineEntry[];
  description?: string;
}

export interface RenderOptions {
  /**
   * Leave out a leading `# heading` (stored bodies keep it; a layout that prints the page title itself would
   * show it twice). It still takes its anchor, so the other headings keep the API's anchors.
   */
  omitTitle?: boolean;
}

/** Longest generated description, in characters (search-result snippets cut around 155–160). */
const DESCRIPTION_LENGTH = 160;

export function renderMarkdown(
  markdown: string,
  resolve: ContentResolver,
  options: RenderOptions = {},
): RenderedMarkdown {
  const source = typeof markdown === "string" ? markdown.replace(/\r\n?/g, "\n").replace(/\u0000/g, "\uFFFD") : "";
  const { yaml, body } = splitFrontmatter(source);
  const fromFrontmatter = yaml === undefined ? undefined : frontmatterDescription(yaml);
  try {
    const rendered = render(body, resolve, options);
    const description = fromFrontmatter ?? rendered.description;
    return description ? { ...rendered, description } : { html: rendered.html, outline: rendered.outline };
  } catch {
    return plainFallback(body, fromFrontmatter);
  }
}

/** The text of a hast node, without its nested lists (a task item's own words, not its sub-items'). */
function ownText(node: Element | ElementContent): string {
  if (node.type === "text") return node.value;
  if (node.type !== "element" || node.tagName === "ul" || node.tagName === "ol") return "";
  return node.children.map(ownText).join("");
}

/**
 * A task item's checkbox is named by the item's words (WCAG 4.1.2: a form control has a name; GFM gives it
 * none), at most 200 characters.
 */
function labelTaskCheckboxes(node: { children: ElementContent[] } | Element): void {
  for (const child of node.children) {
    if (child.type !== "element") continue;
    const classes = child.properties.className;
    if (child.tagName === "li" && Array.isArray(classes) && classes.includes("task-list-item")) {
      const box = findCheckbox(child);
      const name = ownText(child).replace(/\s+/g, " ").trim().slice(0, 200);
      if (box) box.properties.ariaLabel = name || "Task";
    }
    labelTaskCheckboxes(child);
  }
}

function findCheckbox(item: Element): Element | undefined {
  for (const child of item.children) {
    if (child.type !== "element" || child.tagName === "ul" || child.tagName === "ol") continue;
    if (child.tagName === "input") return child;
    const nested = findCheckbox(child);
    if (nested) return nested;
  }
  return undefined;
}

function render(body: string, resolve: ContentResolver, options: RenderOptions): RenderedMarkdown {
  const root = parseMarkdown(body);
  const { headings } = prepare(root);
  const first = root.children[0];
  const omitted = options.omitTitle && first?.type === "heading" && first.depth === 1 ? first : undefined;
  if (omitted) root.children.shift();

  const anchors = new Map<Heading, string>();
  const outline: OutlineEntry[] = [];
  for (const heading of headings) {
    if (!heading.id) continue;
    anchors.set(heading.node, heading.id);
    if (heading.topLevel && heading.node.depth <= 3 && heading.node !== omitted && heading.text)
      outline.push({ id: heading.id, text: heading.text, depth: heading.node.depth });
  }

  const hast = toHast(root, { handlers: createHandlers(resolve, anchors) });
  if ("children" in hast) labelTaskCheckboxes(hast as { children: ElementContent[] });
  const html = toHtml(sanitize(hast, SANITIZE_SCHEMA));
  const text = firstParagraphText(root);
  return text ? { html, outline, description: summarize(text) } : { html, outline };
}

function frontmatterDescription(yaml: string): string | undefined {
  try {
    const description = readFrontmatter(yaml).description;
    return typeof description === "string" && description.trim() ? description.trim() : undefined;
  } catch {
    return undefined; // malformed frontmatter: the API refuses it on write; here it only loses its description
  }
}

/** Plain text cut at a word boundary to at most DESCRIPTION_LENGTH characters, with an ellipsis when cut. */
export function summarize(text: string, max = DESCRIPTION_LENGTH): string {
  const chars = Array.from(text.replace(/\s+/g, " ").trim());
  if (chars.length <= max) return chars.join("");
  const cut = chars.slice(0, max - 1).join("");
  const boundary = cut.lastIndexOf(" ");
  return `${(boundary > max / 2 ? cut.slice(0, boundary) : cut).replace(/[\s,.;:!?-]+$/u, "")}…`;
}

/** The body as escaped paragraphs of text: what is shown when it cannot be rendered as markdown. */
function plainFallback(body: string, description: string | undefined): RenderedMarkdown {
  const paragraphs = body
    .split(/\n[ \t]*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean);
  const children: ElementContent[] = paragraphs.map(
    (chunk): Element => ({ type: "element", tagName: "p", properties: {}, children: [{ type: "text", value: chunk }] }),
  );
  const html = toHtml({ type: "root", children });
  const summary = description ?? (paragraphs[0] ? summarize(paragraphs[0]) : undefined);
  return summary ? { html, outline: [], description: summary } : { html, outline: [] };
}
