/**
 * The in-memory shape of a revision's content. A snapshot is flat: pages by id with their parent, plus each
 * parent's ordered child ids. It is what changes are applied to and what merges compare; the store turns it
 * into content-addressed level nodes (one JSON array per parent) and back.
 */

import type { ContentRef } from "./document";

export type PageType = "document" | "group" | "link" | "computed";

/** A computed content source as stored (the reference's ComputedContentSource*). */
export interface ComputedSourceJSON {
  type: string;
  props?: Record<string, unknown>;
  dependencies?: Record<string, unknown>;
}

/**
 * The metadata of a page that writes set by name (content changes, frontmatter) and its entry stores, with its
 * kind. The one list of these keys: the entry's fields, the change input, frontmatter and applying a change
 * all derive from it.
 */
export const PAGE_METADATA = {
  title: "text",
  description: "text",
  emoji: "text",
  icon: "text",
  hidden: "flag",
  noIndex: "flag",
  noRobotsIndex: "flag",
  condition: "text",
} as const;

export type PageMetadataKey = keyof typeof PAGE_METADATA;
export const PAGE_METADATA_KEYS = Object.keys(PAGE_METADATA) as PageMetadataKey[];

/** A page's metadata fields: text as strings, flags as booleans; only the title is always there. */
export type PageMetadata = { title: string } & {
  [K in Exclude<PageMetadataKey, "title">]?: (typeof PAGE_METADATA)[K] extends "flag" ? boolean : string;
};

/** A page as stored in its parent's level node (children live in their own node). Metadata: PAGE_METADATA. */
export interface PageEntry extends PageMetadata {
  id: string;
  type: PageType;
  slug: string;
  layout?: Record<string, unknown>;
  /** SHA-256 of the page's markdown body (document pages). */
  body?: string;
  /** Link pages. */
  target?: ContentRef;
  href?: string;
  /**
   * Computed pages: the source they are generated from (a ComputedContentSourceRevision, e.g. `builtin:openapi`).
   * Pages generated from one (never stored) carry their document source here and their seed in `computedSeed`.
   */
  computed?: ComputedSourceJSON;
  computedSeed?: string;
  createdAt: number;
  updatedAt: number;
}

export interface FileEntry {
  id: string;
  name: string;
  contentType: string;
  size: number;
  /** SHA-256 of the bytes; the R2 object is spaces/<spaceId>/files/<hash>. */
  hash: string;
  dimensions?: { width: number; height: number };
}

export interface ReusableEntry {
  id: string;
  title: string;
  body?: string;
}

export interface Snapshot {
  pages: Map<string, PageEntry>;
  parentOf: Map<string, string | null>;
  /** Ordered children per parent id; `null` is the root level. */
  children: Map<string | null, string[]>;
  files: Map<string, FileEntry>;
  reusables: Map<string, ReusableEntry>;
  variables: Record<string, unknown>;
}

export function emptySnapshot(): Snapshot {
  return {
    pages: new Map(),
    parentOf: new Map(),
    children: new Map([[null, []]]),
    files: new Map(),
    reusables: new Map(),
    variables: {},
  };
}

export function cloneSnapshot(s: Snapshot): Snapshot {
  return {
    pages: new Map(s.pages),
    parentOf: new Map(s.parentOf),
    children: new Map([...s.children].map(([k, v]) => [k, [...v]])),
    files: new Map(s.files),
    reusables: new Map(s.reusables),
    variables: { ...s.variables },
  };
}

export function childrenOf(s: Snapshot, parent: string | null): string[] {
  return s.children.get(parent) ?? [];
}

/** The page and all its descendants, depth first. */
export function subtree(s: Snapshot, id: string): string[] {
  const out: string[] = [];
  const walk = (pageId: string) => {
    out.push(pageId);
    for (const child of childrenOf(s, pageId)) walk(child);
  };
  walk(id);
  return out;
}

/**
 * The document pages under `parent` (the whole tree by default) in reading order (depth first), hidden ones left
 * out: a published site space's first page, and the page a group opens on.
 */
export function readingOrder(s: Snapshot, parent: string | null = null): PageEntry[] {
  const out: PageEntry[] = [];
  const walk = (at: string | null) => {
    for (const id of childrenOf(s, at)) {
      const page = s.pages.get(id);
      if (!page || page.hidden) continue;
      if (page.type === "document") out.push(page);
      walk(id);
    }
  };
  walk(parent);
  return out;
}

/** Slash-joined slugs from the root to the page. */
export function pagePath(s: Snapshot, id: string): string {
  const parts: string[] = [];
  for (let at: string | null | undefined = id; at; at = s.parentOf.get(at)) {
    const page = s.pages.get(at);
    if (!page) break;
    parts.unshift(page.slug);
  }
  return parts.join("/");
}

/** Finds a page by its slash-joined path of slugs. */
export function pageByPath(s: Snapshot, path: string): PageEntry | undefined {
  const parts = path.split("/").filter(Boolean);
  let parent: string | null = null;
  let found: PageEntry | undefined;
  for (const part of parts) {
    const id: string | undefined = childrenOf(s, parent).find((child) => s.pages.get(child)?.slug === part);
    if (!id) return undefined;
    found = s.pages.get(id);
    parent = id;
  }
  return found;
}

/** JSON with object keys sorted, so that equal content always hashes equal. */
export function canonicalJSON(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}
