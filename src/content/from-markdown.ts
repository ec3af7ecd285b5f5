import type {
  Blockquote,
  Code,
  Image,
  ImageReference,
  List,
  Nodes,
  Paragraph,
  PhrasingContent,
  Root,
  RootContent,
  Table,
} from "mdast";
import { toString } from "mdast-util-to-string";
import { type DocumentBlock, type DocumentFragment, plainText, refFromUrl, urlFromRef } from "./document";
import { type Definitions, inlineImage, inlineNodes, normalizeLabel, plainTextNode } from "./from-markdown-inline";
import { slugify, uniqueSlug } from "./slug";

/** Blocks nested deeper than this are flattened to a paragraph of their text. */
const MAX_DEPTH = 32;
export const HINT_STYLES = ["info", "warning", "danger", "success"] as const;
const ALERTS: Record<string, (typeof HINT_STYLES)[number]> = {
  NOTE: "info",
  TIP: "success",
  IMPORTANT: "info",
  WARNING: "warning",
  CAUTION: "danger",
};

const ESSENTIALS = [
  "paragraph",
  "heading-1",
  "heading-2",
  "heading-3",
  "list-ordered",
  "list-unordered",
  "list-tasks",
  "divider",
];
type Container = "document" | "blockquote" | "hint" | "list-item";
const ALLOWED: Record<Exclude<Container, "document">, Set<string>> = {
  blockquote: new Set([...ESSENTIALS, "blockquote"]),
  hint: new Set(ESSENTIALS),
  "list-item": new Set([...ESSENTIALS, "code", "hint", "blockquote", "table"]),
};

interface Ctx {
  defs: Definitions;
  anchors: Set<string>;
}

const block = (type: string, nodes: DocumentBlock["nodes"], data: Record<string, unknown> = {}): DocumentBlock => ({
  object: "block",
  type,
  data,
  nodes,
  isVoid: false,
});
const paragraphOf = (text: string): DocumentBlock => block("paragraph", [plainTextNode(text)]);

/** mdast root → the reference's top-level blocks. */
export function rootToBlocks(root: Root): DocumentBlock[] {
  const defs: Definitions = new Map();
  const gather = (node: Nodes) => {
    if (node.type === "definition") {
      const label = normalizeLabel(node.label ?? node.identifier);
      if (!defs.has(label)) defs.set(label, node);
    }
    if ("children" in node) for (const child of node.children) gather(child);
  };
  gather(root);
  return blocks(root.children, "document", { defs, anchors: new Set() }, 0);
}

const HINT_OPEN = /^\{%\s*hint\s+style\s*=\s*["']([^"']*)["']\s*%\}$/;
const HINT_CLOSE = /^\{%\s*endhint\s*%\}$/;
const tagOf = (node: RootContent) => (node.type === "paragraph" ? toString(node).trim() : "");

function blocks(children: RootContent[], container: Container, ctx: Ctx, depth: number): DocumentBlock[] {
  const out: DocumentBlock[] = [];
  for (let i = 0; i < children.length; i++) {
    const open = HINT_OPEN.exec(tagOf(children[i]!));
    if (open) {
      const close = children.findIndex((node, j) => j > i && HINT_CLOSE.test(tagOf(node)));
      if (close > i) {
        const style = HINT_STYLES.find((s) => s === open[1]) ?? "info";
        const inner = blocks(children.slice(i + 1, close), "hint", ctx, depth + 1);
        out.push(...fit(block("hint", inner.length > 0 ? inner : [paragraphOf("")], { style }), container));
        i = close;
        continue;
      }
    }
    for (const converted of convert(children[i]!, container, ctx, depth)) out.push(...fit(converted, container));
  }
  return out;
}

/** Keeps a block its container accepts; otherwise splices its children (quotes, hints) or flattens it to text. */
function fit(converted: DocumentBlock, container: Container): DocumentBlock[] {
  if (container === "document" || ALLOWED[container].has(converted.type)) return [converted];
  if (converted.type === "hint" || converted.type === "blockquote") {
    return (converted.nodes as DocumentBlock[]).flatMap((child) => fit(child, container));
  }
  if (converted.type === "images") {
    const images = (converted.nodes as DocumentBlock[]).map((image) =>
      inlineImage(urlFromRef(image.data?.ref) ?? "", String(image.data?.alt ?? "")),
    );
    return [block("paragraph", images)];
  }
  return [paragraphOf(plainText(converted))];
}

function convert(node: RootContent, container: Container, ctx: Ctx, depth: number): DocumentBlock[] {
  if (depth > MAX_DEPTH) return [paragraphOf(toString(node))];
  switch (node.type) {
    case "paragraph":
      return [paragraph(node, container, ctx)];
    case "heading": {
      const text = toString(node).replace(/\s+/g, " ").trim();
      const level = Math.min(node.depth, 3);
      const heading = block(`heading-${level}`, nonEmpty(inlineNodes(node.children, ctx.defs)));
      heading.meta = { id: uniqueSlug(slugify(text), ctx.anchors) };
      return [heading];
    }
    case "thematicBreak":
      return [{ object: "block", type: "divider", data: {}, isVoid: true }];
    case "blockquote":
      return [quote(node, ctx, depth)];
    case "list":
      return [list(node, ctx, depth)];
    case "code":
      return [code(node)];
    case "table":
      return [table(node, ctx)];
    case "html":
      return node.value.trim() ? [paragraphOf(node.value)] : [];
    case "definition":
    case "yaml":
      return [];
    case "footnoteDefinition":
      return [paragraphOf(`[^${node.label ?? node.identifier}]: ${toString(node)}`)];
    default: {
      const text = toString(node);
      return text ? [paragraphOf(text)] : [];
    }
  }
}

const nonEmpty = (nodes: ReturnType<typeof inlineNodes>) => (nodes.length > 0 ? nodes : [plainTextNode("")]);

function paragraph(node: Paragraph, container: Container, ctx: Ctx): DocumentBlock {
  const meaningful = node.children.filter((child) => !(child.type === "text" && !child.value.trim()));
  const images = meaningful.filter(
    (child): child is Image | ImageReference =>
      child.type === "image" ||
      (child.type === "imageReference" && ctx.defs.has(normalizeLabel(child.label ?? child.identifier))),
  );
  if (container === "document" && images.length > 0 && images.length === meaningful.length) {
    return block(
      "images",
      images.map((image) => {
        const def =
          image.type === "imageReference" ? ctx.defs.get(normalizeLabel(image.label ?? image.identifier)) : undefined;
        const url = image.type === "image" ? image.url : def?.url;
        const title = image.type === "image" ? image.title : def?.title;
        const data: Record<string, unknown> = { ref: refFromUrl(url ?? "") };
        if (image.alt) data.alt = image.alt;
        const fragments: DocumentFragment[] = title
          ? [{ object: "fragment", fragment: "caption", nodes: [paragraphOf(title)] }]
          : [];
        return { object: "block", type: "image", data, fragments, isVoid: true } satisfies DocumentBlock;
      }),
    );
  }
  return block("paragraph", nonEmpty(inlineNodes(node.children as PhrasingContent[], ctx.defs)));
}

function quote(node: Blockquote, ctx: Ctx, depth: number): DocumentBlock {
  const [first, ...rest] = node.children;
  const head = first?.type === "paragraph" ? first.children[0] : undefined;
  const alert =
    head?.type === "text" ? /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(?:\n|$)/i.exec(head.value) : null;
  if (alert && first?.type === "paragraph" && head?.type === "text") {
    const remaining = head.value.slice(alert[0].length);
    const children = [...(remaining ? [{ ...head, value: remaining }] : []), ...first.children.slice(1)];
    const body = (children.length > 0 ? [{ ...first, children }, ...rest] : rest) as RootContent[];
    const inner = blocks(body, "hint", ctx, depth + 1);
    return block("hint", inner.length > 0 ? inner : [paragraphOf("")], { style: ALERTS[alert[1]!.toUpperCase()]! });
  }
  const inner = blocks(node.children, "blockquote", ctx, depth + 1);
  return block("blockquote", inner.length > 0 ? inner : [paragraphOf("")]);
}

function list(node: List, ctx: Ctx, depth: number): DocumentBlock {
  const tasks = node.children.some((item) => typeof item.checked === "boolean");
  const items = node.children.map((item) => {
    const inner = blocks(item.children, "list-item", ctx, depth + 1);
    const li = block(
      "list-item",
      inner.length > 0 ? inner : [paragraphOf("")],
      tasks ? { checked: item.checked === true } : {},
    );
    return li;
  });
  if (tasks) return block("list-tasks", items);
  if (node.ordered)
    return block("list-ordered", items, node.start != null && node.start !== 1 ? { start: node.start } : {});
  return block("list-unordered", items);
}

function code(node: Code): DocumentBlock {
  const lines = node.value.split(/\r?\n/).map((line) => block("code-line", [plainTextNode(line)]));
  return block("code", lines, node.lang ? { syntax: node.lang } : {});
}

function table(node: Table, ctx: Ctx): DocumentBlock {
  const [header, ...rows] = node.children;
  const width = Math.max(0, ...node.children.map((row) => row.children.length));
  const columns = Array.from({ length: width }, (_, i) => `c${i}`);
  const definition: Record<string, unknown> = {};
  columns.forEach((id, i) => {
    const align = node.align?.[i] ?? "left";
    definition[id] = {
      id,
      title: header?.children[i] ? toString(header.children[i]!) : "",
      type: "text",
      textAlignment: align,
    };
  });
  const records: Record<string, unknown> = {};
  const fragments: DocumentFragment[] = [];
  rows.forEach((row, r) => {
    const values: Record<string, string> = {};
    columns.forEach((column, c) => {
      const cell = row.children[c];
      const fragment = `r${r}${column}`;
      values[column] = fragment;
      const nodes = cell ? inlineNodes(cell.children, ctx.defs) : [];
      fragments.push({ object: "fragment", fragment, nodes: [block("paragraph", nonEmpty(nodes))] });
    });
    records[`r${r}`] = { orderIndex: `a${String(r).padStart(6, "0")}`, values };
  });
  return {
    object: "block",
    type: "table",
    data: { view: { type: "grid", columns, hideHeader: false }, records, definition },
    fragments,
    isVoid: true,
  };
}
