/**
 * Links of a page body: every content reference its document carries (links, inline images, image blocks,
 * references inside tables and captions) and the anchors of its headings. Computed from the same document
 * conversion the API serves, so anchors and references are exactly those of `format=document`.
 */
import type { ContentRef } from "./document";
import { markdownToDocument } from "./markdown";

export type LinkRelation = "reference" | "dependsOn";

export interface ExtractedLink {
  ref: ContentRef;
  relation: LinkRelation;
}

export interface BodyLinks {
  links: ExtractedLink[];
  anchors: string[];
}

/** Images embed their file: the page depends on it. Anything else only refers to its target. */
const DEPENDS_ON = new Set(["image", "inline-image"]);

/** A stable identity for a reference (and relation): the key links are grouped and deduplicated by. */
export function refKey(ref: ContentRef, relation?: LinkRelation): string {
  const r = ref as Record<string, unknown>;
  const parts = [r.kind, r.space, r.page, r.anchor, r.file, r.url].map((v) => (typeof v === "string" ? v : ""));
  return (relation ? [...parts, relation] : parts).join("\u0000");
}

export function extractLinks(markdown: string): BodyLinks {
  const links = new Map<string, ExtractedLink>();
  const anchors: string[] = [];
  const visit = (node: unknown) => {
    if (typeof node !== "object" || node === null) return;
    const n = node as {
      type?: string;
      data?: { ref?: unknown };
      meta?: { id?: unknown };
      nodes?: unknown[];
      fragments?: unknown[];
    };
    const ref = n.data?.ref as ContentRef | undefined;
    // A mention names a person, not content: it is no link of the page.
    if (ref && typeof ref === "object" && typeof ref.kind === "string" && n.type !== "mention") {
      const relation: LinkRelation = DEPENDS_ON.has(n.type ?? "") ? "dependsOn" : "reference";
      const key = refKey(ref, relation);
      if (!links.has(key)) links.set(key, { ref, relation });
    }
    if (typeof n.meta?.id === "string" && n.meta.id) anchors.push(n.meta.id);
    for (const child of n.nodes ?? []) visit(child);
    for (const child of n.fragments ?? []) visit(child);
  };
  visit(markdownToDocument(markdown));
  return { links: [...links.values()], anchors };
}
