import type { Definition, PhrasingContent } from "mdast";
import { toString } from "mdast-util-to-string";
import {
  type DocumentInline,
  type DocumentLeaf,
  type DocumentText,
  MARK_ORDER,
  type MarkType,
  mark,
  mentionedUser,
  refFromUrl,
} from "./document";

/** Link and image definitions of the document (`[label]: url "title"`), by normalized label. */
export type Definitions = Map<string, Definition>;
export const normalizeLabel = (label: string) => label.replace(/\s+/g, " ").trim().toLowerCase();

type Item = DocumentLeaf | DocumentInline;

function leaf(text: string, marks: MarkType[]): DocumentLeaf {
  const ordered = MARK_ORDER.filter((type) => marks.includes(type));
  return { object: "leaf", text, marks: ordered.map(mark) };
}

function sameMarks(a: DocumentLeaf, b: DocumentLeaf) {
  return a.marks.length === b.marks.length && a.marks.every((m, i) => m.type === b.marks[i]!.type);
}

export function inlineImage(url: string, alt: string): DocumentInline {
  const data: Record<string, unknown> = { ref: refFromUrl(url) };
  if (alt) data.caption = alt;
  return { object: "inline", type: "inline-image", data, isVoid: true };
}

function collect(nodes: PhrasingContent[], marks: MarkType[], defs: Definitions, out: Item[]) {
  for (const node of nodes) {
    switch (node.type) {
      case "text":
        out.push(leaf(node.value, marks));
        break;
      case "inlineCode":
        out.push(leaf(node.value, [...marks, "code"]));
        break;
      case "emphasis":
        collect(node.children, [...marks, "italic"], defs, out);
        break;
      case "strong":
        collect(node.children, [...marks, "bold"], defs, out);
        break;
      case "delete":
        collect(node.children, [...marks, "strikethrough"], defs, out);
        break;
      case "break":
        out.push(leaf("\n", marks));
        break;
      case "link":
        out.push(link(node.url, node.children, marks, defs));
        break;
      case "image":
        out.push(inlineImage(node.url, node.alt ?? ""));
        break;
      case "linkReference": {
        const def = defs.get(normalizeLabel(node.label ?? node.identifier));
        if (def) out.push(link(def.url, node.children, marks, defs));
        else out.push(leaf(`[${toString(node)}]`, marks));
        break;
      }
      case "imageReference": {
        const def = defs.get(normalizeLabel(node.label ?? node.identifier));
        if (def) out.push(inlineImage(def.url, node.alt ?? ""));
        else out.push(leaf(`![${node.alt ?? ""}]`, marks));
        break;
      }
      case "footnoteReference":
        out.push(leaf(`[^${node.label ?? node.identifier}]`, marks));
        break;
      case "html":
        out.push(leaf(node.value, marks));
        break;
      default:
        out.push(leaf(toString(node), marks));
    }
  }
}

/** `{kind:"user"}` mention: void, like GitBook's; its label in markdown is not kept (GitBook shows the name). */
const mention = (user: string): DocumentInline => ({
  object: "inline",
  type: "mention",
  data: { ref: { kind: "user", user } },
  isVoid: true,
});

function link(url: string, children: PhrasingContent[], marks: MarkType[], defs: Definitions): DocumentInline {
  const user = mentionedUser(url);
  if (user !== undefined) return mention(user);
  const nodes = inlineNodes(children, defs, marks);
  return {
    object: "inline",
    type: "link",
    data: { ref: refFromUrl(url) },
    isVoid: false,
    nodes: nodes.length > 0 ? nodes : [{ object: "text", leaves: [leaf("", marks)] }],
  };
}

/** Phrasing content → the reference's inline nodes: runs of leaves grouped in `text` nodes, links, images. */
export function inlineNodes(
  children: PhrasingContent[],
  defs: Definitions,
  marks: MarkType[] = [],
): Array<DocumentText | DocumentInline> {
  const items: Item[] = [];
  collect(children, marks, defs, items);
  const out: Array<DocumentText | DocumentInline> = [];
  for (const item of items) {
    if (item.object === "inline") {
      out.push(item);
      continue;
    }
    if (item.text === "") continue;
    const last = out.at(-1);
    if (last?.object !== "text") {
      out.push({ object: "text", leaves: [item] });
      continue;
    }
    const previous = last.leaves.at(-1)!;
    if (sameMarks(previous, item)) previous.text += item.text;
    else last.leaves.push(item);
  }
  return out;
}

/** A text node of one unmarked leaf (paragraphs and code lines always carry at least one). */
export const plainTextNode = (text: string): DocumentText => ({ object: "text", leaves: [leaf(text, [])] });
