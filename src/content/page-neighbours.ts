import { childrenOf, type PageEntry, type Snapshot } from "./model";

/** A page's place in reading order: the document pages before and after it, and its parent page. */
export interface PageNeighbours {
  previous?: PageEntry;
  next?: PageEntry;
  parent?: PageEntry;
}

/** The first document page of `id`'s subtree in reading order (itself first), hidden subtrees left out. */
function firstIn(s: Snapshot, id: string): PageEntry | undefined {
  const page = s.pages.get(id);
  if (!page || page.hidden) return undefined;
  if (page.type === "document") return page;
  for (const child of childrenOf(s, id)) {
    const found = firstIn(s, child);
    if (found) return found;
  }
  return undefined;
}

/** The last document page of `id`'s subtree in reading order (itself last, as it precedes its children). */
function lastIn(s: Snapshot, id: string): PageEntry | undefined {
  const page = s.pages.get(id);
  if (!page || page.hidden) return undefined;
  const children = childrenOf(s, id);
  for (let i = children.length - 1; i >= 0; i--) {
    const found = lastIn(s, children[i]!);
    if (found) return found;
  }
  return page.type === "document" ? page : undefined;
}

/** Whether a page is in reading order: a document, with neither itself nor an ancestor hidden. */
function inReadingOrder(s: Snapshot, id: string): boolean {
  const page = s.pages.get(id);
  if (page?.type !== "document") return false;
  for (let at: string | null | undefined = id; at; at = s.parentOf.get(at)) {
    if (s.pages.get(at)?.hidden) return false;
  }
  return true;
}

/**
 * The neighbours `readingOrder` (content/model.ts) gives a page, found by walking from the page outwards instead
 * of listing the whole tree: the published site's previous/next links and the API's page meta links both use it.
 * A page outside reading order (hidden, or not a document) has no previous or next, as on the published site.
 */
export function pageNeighbours(s: Snapshot, id: string): PageNeighbours {
  const parentId = s.parentOf.get(id) ?? null;
  const parent = parentId === null ? undefined : s.pages.get(parentId);
  if (!inReadingOrder(s, id)) return { parent };
  return { previous: previousOf(s, id), next: nextOf(s, id), parent };
}

function nextOf(s: Snapshot, id: string): PageEntry | undefined {
  for (const child of childrenOf(s, id)) {
    const found = firstIn(s, child);
    if (found) return found;
  }
  for (let at = id; ; ) {
    const parent = s.parentOf.get(at) ?? null;
    const siblings = childrenOf(s, parent);
    for (let i = siblings.indexOf(at) + 1; i < siblings.length; i++) {
      const found = firstIn(s, siblings[i]!);
      if (found) return found;
    }
    if (parent === null) return undefined;
    at = parent;
  }
}

function previousOf(s: Snapshot, id: string): PageEntry | undefined {
  for (let at = id; ; ) {
    const parent = s.parentOf.get(at) ?? null;
    const siblings = childrenOf(s, parent);
    for (let i = siblings.indexOf(at) - 1; i >= 0; i--) {
      const found = lastIn(s, siblings[i]!);
      if (found) return found;
    }
    if (parent === null) return undefined;
    // A document parent comes just before its first child (its ancestors are visible: `id` is in reading order).
    const page = s.pages.get(parent);
    if (page?.type === "document") return page;
    at = parent;
  }
}
