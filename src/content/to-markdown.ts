import type { BlockContent, ListItem, Paragraph, PhrasingContent, Root, RootContent, TableCell, TableRow } from "mdast";
import { badRequest } from "../lib/errors";
import { MARK_ORDER, MENTION_USER_ID, mentionUrl, plainText, urlFromRef } from "./document";
import { HINT_STYLES } from "./from-markdown";

/** Deeper JSON than this is refused (400): no legitimate document nests that far. */
const MAX_JSON_DEPTH = 64;

type Json = Record<string, unknown>;
type Stringify = (root: Root) => string;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function children(node: Json, path: string, key: "nodes" | "fragments" = "nodes"): Json[] {
  const value = node[key];
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw badRequest(`${path}.${key}: must be an array`);
  value.forEach((child, i) => {
    if (!isObject(child)) throw badRequest(`${path}.${key}[${i}]: must be an object`);
  });
  return value as Json[];
}

function checkNode(node: Json, path: string, depth: number) {
  if (depth > MAX_JSON_DEPTH) throw badRequest(`${path}: the document is nested too deeply`);
  if (node.object === "text") {
    if (!Array.isArray(node.leaves)) throw badRequest(`${path}.leaves: must be an array`);
    node.leaves.forEach((leaf, i) => {
      if (!isObject(leaf) || typeof leaf.text !== "string")
        throw badRequest(`${path}.leaves[${i}].text: must be a string`);
      if (leaf.marks !== undefined && !Array.isArray(leaf.marks))
        throw badRequest(`${path}.leaves[${i}].marks: must be an array`);
    });
    return;
  }
  if (node.object !== "block" && node.object !== "inline" && node.object !== "fragment") {
    throw badRequest(`${path}.object: must be "block", "inline", "text" or "fragment"`);
  }
  if (node.object !== "fragment" && typeof node.type !== "string") throw badRequest(`${path}.type: must be a string`);
  if (node.data !== undefined && !isObject(node.data)) throw badRequest(`${path}.data: must be an object`);
  if (node.object === "inline" && node.type === "mention") checkMention(node, path);
  for (const [i, child] of children(node, path).entries()) checkNode(child, `${path}.nodes[${i}]`, depth + 1);
  for (const [i, child] of children(node, path, "fragments").entries()) {
    checkNode(child, `${path}.fragments[${i}]`, depth + 1);
  }
}

/** A user mention's id is written into a link target: at most 64 characters of `[A-Za-z0-9_-]` (else 400). */
function checkMention(node: Json, path: string) {
  const ref = isObject(node.data) ? node.data.ref : undefined;
  if (!isObject(ref)) throw badRequest(`${path}.data.ref: must be an object`);
  if (ref.kind === "user" && (typeof ref.user !== "string" || !MENTION_USER_ID.test(ref.user)))
    throw badRequest(`${path}.data.ref.user: must be 1 to 64 characters of letters, digits, "_" or "-"`);
}

/** Validates the outer shape and every node (400 naming the first bad path). */
export function checkDocument(doc: unknown): asserts doc is Json & { nodes: Json[] } {
  if (!isObject(doc)) throw badRequest("document: must be an object");
  if (doc.object !== "document") throw badRequest('document.object: must be "document"');
  if (!Array.isArray(doc.nodes)) throw badRequest("document.nodes: must be an array");
  doc.nodes.forEach((node, i) => {
    if (!isObject(node)) throw badRequest(`document.nodes[${i}]: must be an object`);
    checkNode(node, `document.nodes[${i}]`, 1);
  });
}

type Run = { text: string; marks: Set<string> } | { node: PhrasingContent };

function wrap(runs: Run[], level: number): PhrasingContent[] {
  if (level === MARK_ORDER.length) return runs.map((r) => ("node" in r ? r.node : { type: "text", value: r.text }));
  const type = MARK_ORDER[level]!;
  const out: PhrasingContent[] = [];
  let i = 0;
  while (i < runs.length) {
    const marked = (r: Run) => "text" in r && r.marks.has(type);
    const on = marked(runs[i]!);
    let j = i;
    while (j < runs.length && marked(runs[j]!) === on) j++;
    const group = runs.slice(i, j);
    if (!on) out.push(...wrap(group, level + 1));
    else if (type === "code")
      out.push({ type: "inlineCode", value: group.map((r) => ("text" in r ? r.text : "")).join("") });
    else {
      const kind = type === "bold" ? "strong" : type === "italic" ? "emphasis" : "delete";
      out.push({ type: kind, children: wrap(group, level + 1) } as PhrasingContent);
    }
    i = j;
  }
  return out;
}

function runs(nodes: Json[], oneLine: boolean, out: Run[] = []): Run[] {
  for (const node of nodes) {
    if (node.object === "text") {
      for (const leaf of node.leaves as Json[]) {
        const text = oneLine ? String(leaf.text).replace(/\r?\n/g, " ") : String(leaf.text);
        const marks = new Set(((leaf.marks as unknown[]) ?? []).map((m) => (isObject(m) ? String(m.type) : "")));
        if (text) out.push({ text, marks });
      }
      continue;
    }
    const data = isObject(node.data) ? node.data : {};
    if (node.type === "link") {
      const url = urlFromRef(data.ref);
      const inner = phrasing(children(node, ""), oneLine);
      if (url === undefined) runs(children(node, ""), oneLine, out);
      else out.push({ node: { type: "link", url, children: inner } });
    } else if (node.type === "mention" && isObject(data.ref) && data.ref.kind === "user") {
      // Checked by checkMention; the document carries no name, so the label is the neutral "@user".
      const url = mentionUrl(String(data.ref.user));
      out.push({ node: { type: "link", url, children: [{ type: "text", value: "@user" }] } });
    } else if (node.type === "inline-image") {
      const url = urlFromRef(data.ref);
      if (url !== undefined)
        out.push({ node: { type: "image", url, alt: typeof data.caption === "string" ? data.caption : "" } });
    } else if (node.type === "emoji" && typeof data.code === "string") {
      const codePoints = data.code.split("-").map((hex) => Number.parseInt(hex, 16));
      const valid = codePoints.every((cp) => Number.isInteger(cp) && cp >= 0 && cp <= 0x10ffff);
      out.push({ text: valid ? String.fromCodePoint(...codePoints) : data.code, marks: new Set() });
    } else if (node.type === "inline-math" && typeof data.formula === "string") {
      out.push({ text: data.formula, marks: new Set() });
    } else {
      const text = plainText(node);
      if (text) out.push({ text: oneLine ? text.replace(/\r?\n/g, " ") : text, marks: new Set() });
    }
  }
  return out;
}

const phrasing = (nodes: Json[], oneLine = false) => wrap(runs(nodes, oneLine), 0);
const paragraphOf = (content: PhrasingContent[]): Paragraph => ({ type: "paragraph", children: content });

function imageNode(image: Json): PhrasingContent | undefined {
  const data = isObject(image.data) ? image.data : {};
  const url = urlFromRef(data.ref);
  if (url === undefined) return undefined;
  const caption = children(image, "", "fragments").map(plainText).join(" ").trim();
  return { type: "image", url, alt: typeof data.alt === "string" ? data.alt : "", title: caption || null };
}

function table(node: Json): RootContent {
  const data = isObject(node.data) ? node.data : {};
  const definition = isObject(data.definition) ? data.definition : {};
  const view = isObject(data.view) ? data.view : {};
  const columns = (Array.isArray(view.columns) ? view.columns : Object.keys(definition)).map(String);
  const fragments = new Map(children(node, "", "fragments").map((f) => [String(f.fragment ?? ""), f]));
  const cell = (value: unknown): TableCell => {
    let content: PhrasingContent[];
    const fragment = typeof value === "string" ? fragments.get(value) : undefined;
    if (fragment) {
      const blocks = children(fragment, "");
      content = phrasing(
        blocks.flatMap((b, i) => [...(i > 0 ? [{ object: "text", leaves: [{ text: " " }] }] : []), ...children(b, "")]),
        true,
      );
    } else {
      const text = Array.isArray(value)
        ? value.join(", ")
        : value === null || value === undefined
          ? ""
          : isObject(value)
            ? ""
            : String(value);
      content = text ? [{ type: "text", value: text.replace(/\r?\n/g, " ") }] : [];
    }
    return { type: "tableCell", children: content };
  };
  const header: TableRow = {
    type: "tableRow",
    children: columns.map((id) => {
      const def = isObject(definition[id]) ? (definition[id] as Json) : {};
      return {
        type: "tableCell",
        children: def.title ? [{ type: "text", value: String(def.title).replace(/\r?\n/g, " ") }] : [],
      };
    }),
  };
  const records = Object.values(isObject(data.records) ? data.records : {})
    .filter(isObject)
    .sort((a, b) =>
      String(a.orderIndex) < String(b.orderIndex) ? -1 : String(a.orderIndex) > String(b.orderIndex) ? 1 : 0,
    );
  const rows: TableRow[] = records.map((record) => {
    const values = isObject(record.values) ? record.values : {};
    return { type: "tableRow", children: columns.map((id) => cell(values[id])) };
  });
  const align = columns.map((id) => {
    const a = isObject(definition[id]) ? (definition[id] as Json).textAlignment : undefined;
    return a === "center" || a === "right" || a === "left" ? a : null;
  });
  return { type: "table", align, children: [header, ...rows] };
}

/** Blocks → mdast flow content. `stringify` renders hint bodies (emitted as GitBook's `{% hint %}` tags). */
export function flow(nodes: Json[], stringify: Stringify): RootContent[] {
  const out: RootContent[] = [];
  for (const node of nodes) {
    const data = isObject(node.data) ? node.data : {};
    const kids = children(node, "");
    const type = String(node.type ?? "");
    if (type === "paragraph") out.push(paragraphOf(phrasing(kids)));
    else if (/^heading-[1-6]$/.test(type)) {
      out.push({ type: "heading", depth: Math.min(Number(type.slice(8)), 6) as 1, children: phrasing(kids, true) });
    } else if (type === "list-ordered" || type === "list-unordered" || type === "list-tasks") {
      const start =
        type === "list-ordered" && typeof data.start === "number" && Number.isInteger(data.start) && data.start >= 0
          ? data.start
          : 1;
      const items: ListItem[] = kids.map((item) => ({
        type: "listItem",
        spread: false,
        checked: type === "list-tasks" ? isObject(item.data) && item.data.checked === true : null,
        children: flow(item.type === "list-item" ? children(item, "") : [item], stringify) as BlockContent[],
      }));
      out.push({ type: "list", ordered: type === "list-ordered", start, spread: false, children: items });
    } else if (type === "list-item") out.push(...flow(kids, stringify));
    else if (type === "code") {
      const value = kids.map((line) => plainText(line)).join("\n");
      out.push({
        type: "code",
        lang: typeof data.syntax === "string" && data.syntax ? data.syntax.replace(/\s/g, "") : null,
        value,
      });
    } else if (type === "blockquote")
      out.push({ type: "blockquote", children: flow(kids, stringify) as BlockContent[] });
    else if (type === "hint") {
      const style = HINT_STYLES.find((s) => s === data.style) ?? "info";
      const inner = stringify({ type: "root", children: flow(kids, stringify) }).trimEnd();
      out.push({ type: "html", value: `{% hint style="${style}" %}\n${inner}\n{% endhint %}` });
    } else if (type === "divider") out.push({ type: "thematicBreak" });
    else if (type === "images" || type === "image") {
      const images = (type === "image" ? [node] : kids).map(imageNode).filter((n) => n !== undefined);
      if (images.length > 0) out.push(paragraphOf(images));
    } else if (type === "table") out.push(table(node));
    else if (type === "file" || type === "embed") {
      const url = type === "file" ? urlFromRef(data.ref) : typeof data.url === "string" ? data.url : undefined;
      const label = plainText(node).trim() || url;
      if (url) out.push(paragraphOf([{ type: "link", url, children: [{ type: "text", value: label ?? url }] }]));
    } else {
      const text = plainText(node).trim();
      if (text) out.push(paragraphOf([{ type: "text", value: text }]));
    }
  }
  return out;
}
