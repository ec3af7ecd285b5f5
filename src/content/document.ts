/**
 * The reference's block JSON (`JSONDocument`, `DocumentBlock*`, `DocumentInline*`, `DocumentText*`) as far as
 * Quire produces and reads it, plus the helpers both conversion directions share.
 */

export const DOCUMENT_SCHEMA_VERSION = 1;

export type MarkType = "bold" | "italic" | "code" | "strikethrough";
export interface DocumentMark {
  object: "mark";
  type: MarkType | (string & {});
}
export interface DocumentLeaf {
  object: "leaf";
  text: string;
  marks: DocumentMark[];
}
export interface DocumentText {
  object: "text";
  key?: string;
  leaves: DocumentLeaf[];
}

/** The reference's ContentRef, by `kind` (wire/content-ref.ts gives its zod schemas, checked against this). */
export type KnownContentRef =
  | { kind: "file"; file: string }
  | { kind: "url"; url: string }
  | { kind: "page"; page: string; space?: string }
  | { kind: "anchor"; anchor: string; space?: string; page?: string }
  | { kind: "user"; user: string }
  | { kind: "collection"; collection: string }
  | { kind: "space"; space: string }
  | { kind: "reusable-content"; reusableContent: string; space?: string }
  | { kind: "openapi"; spec: string };

/** A content reference as documents and link pages hold it: a known one, or one of a kind Quire only carries. */
export type ContentRef = KnownContentRef | { kind: string; [field: string]: unknown };

export interface DocumentInline {
  object: "inline";
  type: "link" | "inline-image" | (string & {});
  key?: string;
  data?: Record<string, unknown>;
  nodes?: Array<DocumentText | DocumentInline>;
  fragments?: DocumentFragment[];
  isVoid?: boolean;
}

export interface DocumentBlock {
  object: "block";
  type: string;
  key?: string;
  data?: Record<string, unknown>;
  meta?: { id: string };
  nodes?: DocumentNode[];
  fragments?: DocumentFragment[];
  isVoid?: boolean;
}

export interface DocumentFragment {
  object: "fragment";
  key?: string;
  fragment?: string;
  type?: string;
  nodes: DocumentBlock[];
}

export type DocumentNode = DocumentBlock | DocumentInline | DocumentText;

export interface JSONDocument {
  object: "document";
  data: { schemaVersion?: number; [key: string]: unknown };
  nodes: DocumentBlock[];
}

export const mark = (type: MarkType): DocumentMark => ({ object: "mark", type });
export const MARK_ORDER: MarkType[] = ["bold", "italic", "strikethrough", "code"];

/** A mentioned user's id: at most 64 letters, digits, `_` or `-` (anything else is refused or left a link). */
export const MENTION_USER_ID = /^[\w-]{1,64}$/;
const MENTION_URL = /^mention:user\/([\w-]{1,64})$/;

/**
 * A user mention (`DocumentInlineMention` with a `ContentRefUser`) as markdown: a link `[@Name](mention:user/<id>)`.
 * The label is only what the writer put there (the document form carries no name); the target is the mention.
 */
export const mentionUrl = (userId: string) => `mention:user/${userId}`;

/** The user id of a mention link target (`mention:user/<id>`, id valid), else undefined (a plain link). */
export const mentionedUser = (url: string): string | undefined => MENTION_URL.exec(url)?.[1];

/** A link target as written in markdown → the reference's content reference. */
export function refFromUrl(url: string): ContentRef {
  const page = /^\/pages\/([^/?#\s]+)\/?(?:#(.*))?$/.exec(url);
  if (page) return page[2] ? { kind: "anchor", page: page[1]!, anchor: page[2] } : { kind: "page", page: page[1]! };
  const file = /^\/files\/([^/?#\s]+)\/?$/.exec(url);
  if (file) return { kind: "file", file: file[1]! };
  if (url.startsWith("#") && url.length > 1) return { kind: "anchor", anchor: url.slice(1) };
  return { kind: "url", url };
}

/** A content reference → the markdown link target; undefined for references markdown cannot address. */
export function urlFromRef(ref: unknown): string | undefined {
  if (typeof ref !== "object" || ref === null) return undefined;
  const r = ref as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" && v ? v : undefined);
  switch (r.kind) {
    case "url":
      return str(r.url);
    case "file":
      return str(r.file) && `/files/${r.file}`;
    case "page":
      return str(r.page) && `/pages/${r.page}`;
    case "anchor":
      if (!str(r.anchor)) return undefined;
      return str(r.page) ? `/pages/${r.page}#${r.anchor}` : `#${r.anchor}`;
    default:
      return undefined;
  }
}

/** The plain text of any node (fragments included, e.g. table cells and captions). */
export function plainText(node: unknown): string {
  if (typeof node !== "object" || node === null) return "";
  const n = node as Record<string, unknown>;
  if (n.object === "leaf") return typeof n.text === "string" ? n.text : "";
  if (n.object === "text") return Array.isArray(n.leaves) ? n.leaves.map(plainText).join("") : "";
  let out = "";
  if (Array.isArray(n.nodes)) {
    const block = n.object === "block" || n.object === "fragment" || n.object === "document";
    out = n.nodes
      .map(plainText)
      .join(block && n.type !== "paragraph" && !String(n.type).startsWith("heading") ? "\n" : "");
  }
  if (Array.isArray(n.fragments)) out += (out ? "\n" : "") + n.fragments.map(plainText).join("\n");
  return out;
}

function fnv1a(text: string, seed: number): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * Gives every block, inline and fragment a key derived from its parent's key, its type, its text and the
 * number of identical siblings before it: the same markdown always yields the same keys, and editing one block
 * leaves the keys of the blocks around it unchanged.
 */
export function assignKeys(doc: JSONDocument): JSONDocument {
  const used = new Set<string>();
  const seen = new Map<string, number>();
  const visit = (node: DocumentNode | DocumentFragment, parentKey: string) => {
    if (node.object === "text") return;
    const signature = `${parentKey}|${node.object}|${"type" in node ? node.type : ""}|${plainText(node)}`;
    const occurrence = seen.get(signature) ?? 0;
    seen.set(signature, occurrence + 1);
    const full = `${signature}#${occurrence}`;
    let key = fnv1a(full, 0x811c9dc5).toString(36) + fnv1a(full, 0x01234567).toString(36);
    for (let n = 2; used.has(key); n++) key = `${key.replace(/-\d+$/, "")}-${n}`;
    used.add(key);
    node.key = key;
    for (const child of node.nodes ?? []) visit(child as DocumentNode, key);
    if ("fragments" in node) for (const fragment of node.fragments ?? []) visit(fragment, key);
  };
  for (const block of doc.nodes) visit(block, "");
  return doc;
}
