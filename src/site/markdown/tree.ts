/**
 * The mdast of a page body, prepared for rendering: GitBook hints (`{% hint %}` tag pairs and `> [!NOTE]` alerts)
 * become `hint` nodes, `{% code title="…" %}` wrappers give their code block a title, and every heading gets
 * the anchor the API gives it (src/content/from-markdown.ts: same walk order, same slugs, same depth cut-off),
 * so `/pages/{id}#anchor` links and `format=document` anchors land on the rendered ids.
 */
import type { BlockContent, Blockquote, Heading, Nodes, Parent, Root, RootContent } from "mdast";
import { toString } from "mdast-util-to-string";
import { HINT_STYLES } from "../../content/from-markdown";
import { slugify, uniqueSlug } from "../../content/slug";

export type HintStyle = (typeof HINT_STYLES)[number];

/** A hint block (GitBook's `{% hint style %}` or a GFM alert), rendered by the `hint` handler. */
export interface Hint extends Parent {
  type: "hint";
  style: HintStyle;
  children: BlockContent[];
}

declare module "mdast" {
  interface RootContentMap {
    hint: Hint;
  }
  interface BlockContentMap {
    hint: Hint;
  }
  interface CodeData {
    /** The file name a `{% code title %}` wrapper gives the block. */
    title?: string;
  }
}

/** Blocks nested deeper than this lose their heading anchors in the document conversion (its MAX_DEPTH). */
const MAX_DEPTH = 32;
const HINT_OPEN = /^\{%\s*hint\s+style\s*=\s*["']([^"']*)["']\s*%\}$/;
const HINT_CLOSE = /^\{%\s*endhint\s*%\}$/;
const CODE_OPEN = /^\{%\s*code\b([^%]*)%\}$/;
const CODE_CLOSE = /^\{%\s*endcode\s*%\}$/;
/** Other GitBook block tags standing alone: an embed becomes a link, a tab its title, wrappers vanish. */
const OTHER_TAG = /^\{%\s*(embed|tab|tabs|endtab|endtabs|content-ref|endcontent-ref|endembed)\b([^%]*)%\}$/;
const ALERT = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(?:\n|$)/i;
const ALERTS: Record<string, HintStyle> = {
  NOTE: "info",
  TIP: "success",
  IMPORTANT: "info",
  WARNING: "warning",
  CAUTION: "danger",
};

/** The text of a paragraph that is only a `{% … %}` tag, else "". */
const tagOf = (node: RootContent | undefined) => (node?.type === "paragraph" ? toString(node).trim() : "");

/** A `key="value"` (or `key=value`) attribute of a tag or fence meta string. */
export function attribute(text: string, key: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${key}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|(\\S+))`, "i").exec(text);
  const value = match ? (match[1] ?? match[2] ?? match[3] ?? "") : undefined;
  return value?.trim() || undefined;
}

/** Groups `{% hint %}` … `{% endhint %}` siblings into hints (the first closing tag closes, as the API reads it). */
function groupTags(children: RootContent[]): RootContent[] {
  if (!children.some((child) => child.type === "paragraph")) return children;
  const out: RootContent[] = [];
  for (let i = 0; i < children.length; i++) {
    const tag = tagOf(children[i]);
    const open = HINT_OPEN.exec(tag);
    if (open) {
      const close = children.findIndex((node, j) => j > i && HINT_CLOSE.test(tagOf(node)));
      if (close > i) {
        const style = HINT_STYLES.find((s) => s === open[1]) ?? "info";
        const inner = children.slice(i + 1, close) as BlockContent[];
        out.push({ type: "hint", style, children: inner });
        i = close;
        continue;
      }
    }
    const code = CODE_OPEN.exec(tag);
    const next = children[i + 1];
    if (code && next?.type === "code" && CODE_CLOSE.test(tagOf(children[i + 2]))) {
      const title = attribute(code[1] ?? "", "title");
      out.push(title ? { ...next, data: { ...next.data, title } } : next);
      i += 2;
      continue;
    }
    const other = OTHER_TAG.exec(tag);
    if (other) {
      const url = other[1] === "embed" ? attribute(other[2] ?? "", "url") : undefined;
      const title = other[1] === "tab" ? attribute(other[2] ?? "", "title") : undefined;
      if (url)
        out.push({ type: "paragraph", children: [{ type: "link", url, children: [{ type: "text", value: url }] }] });
      if (title)
        out.push({ type: "paragraph", children: [{ type: "strong", children: [{ type: "text", value: title }] }] });
      continue;
    }
    out.push(children[i]!);
  }
  return out;
}

/** A `> [!WARNING]` blockquote as a hint, or undefined. */
function alertOf(node: Blockquote): Hint | undefined {
  const [first, ...rest] = node.children;
  const head = first?.type === "paragraph" ? first.children[0] : undefined;
  const match = head?.type === "text" ? ALERT.exec(head.value) : null;
  if (!match || first?.type !== "paragraph" || head?.type !== "text") return undefined;
  const remaining = head.value.slice(match[0].length);
  const children = [...(remaining ? [{ ...head, value: remaining }] : []), ...first.children.slice(1)];
  const body = (children.length > 0 ? [{ ...first, children }, ...rest] : rest) as BlockContent[];
  return { type: "hint", style: ALERTS[match[1]!.toUpperCase()]!, children: body };
}

export interface PreparedTree {
  root: Root;
  /** Headings in document order with their anchor (undefined past the depth cut-off). */
  headings: { node: Heading; id?: string; text: string; topLevel: boolean }[];
}

/** Rewrites hints and code titles in place and computes heading anchors. Never throws on odd trees. */
export function prepare(root: Root): PreparedTree {
  const headings: PreparedTree["headings"] = [];
  const taken = new Set<string>();
  const visit = (parent: Parent, depth: number) => {
    parent.children = groupTags(parent.children as RootContent[]);
    const children = parent.children as RootContent[];
    for (let i = 0; i < children.length; i++) {
      let node = children[i]!;
      if (node.type === "blockquote") {
        const hint = alertOf(node);
        if (hint) children[i] = node = hint;
      }
      if (node.type === "heading") {
        const text = toString(node).replace(/\s+/g, " ").trim();
        const id = depth > MAX_DEPTH ? undefined : uniqueSlug(slugify(text), taken);
        headings.push({ node, id, text, topLevel: parent.type === "root" });
      } else if (node.type === "blockquote" || node.type === "hint" || node.type === "listItem") {
        visit(node, depth + 1);
      } else if (node.type === "list") {
        visit(node, depth);
      }
      // Footnote definitions, tables and paragraphs hold no anchored headings (as in the document conversion).
    }
  };
  visit(root, 0);
  return { root, headings };
}

/** Visible text of a node: raw HTML and image alt texts left out (they are not what a reader sees as prose). */
function visibleText(node: Nodes): string {
  if (node.type === "html" || node.type === "image" || node.type === "imageReference") return "";
  if ("value" in node) return node.value;
  return "children" in node ? (node.children as Nodes[]).map(visibleText).join("") : "";
}

/** The first top-level paragraph with text (hint tags and image-only paragraphs skipped), as plain text. */
export function firstParagraphText(root: Root): string | undefined {
  for (const node of root.children as Nodes[]) {
    if (node.type !== "paragraph") continue;
    const text = visibleText(node).replace(/\s+/g, " ").trim();
    if (text && !/^\{%.*%\}$/.test(text)) return text;
  }
  return undefined;
}
