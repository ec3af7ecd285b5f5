import {
  childrenOf,
  type PageEntry,
  pagePath,
  readingOrder as pageReadingOrder,
  type Snapshot,
} from "../content/model";
import { pageNeighbours } from "../content/page-neighbours";
import type { NavPage } from "./view";

/** How page URLs are made for one site space: its base URL inside the site (no trailing slash). */
export interface PageUrls {
  base: string;
  /** A page's published URL. */
  of(page: PageEntry): string;
}

/** Page URLs under `base`: `${base}/${page path}`; the site space's first page also answers at `base`. */
export function pageUrls(snapshot: Snapshot, base: string): PageUrls {
  return { base, of: (page) => `${base}/${pagePath(snapshot, page.id)}` };
}

/** The document pages of a snapshot in reading order (depth first), hidden ones left out. */
export function readingOrder(snapshot: Snapshot): PageEntry[] {
  return pageReadingOrder(snapshot);
}

/** The first page a site space opens on. */
export function firstPage(snapshot: Snapshot): PageEntry | undefined {
  return readingOrder(snapshot)[0];
}

/** The URL of the first document page under `parentId` (a group's first page), undefined when there is none. */
export function firstPageUnder(snapshot: Snapshot, parentId: string, urls: PageUrls): string | undefined {
  for (const id of childrenOf(snapshot, parentId)) {
    const page = snapshot.pages.get(id);
    if (!page || page.hidden) continue;
    if (page.type === "document") return urls.of(page);
    const below = firstPageUnder(snapshot, id, urls);
    if (below) return below;
  }
  return undefined;
}

/** A link page's href: its URL, or the published URL of the page it points at (undefined when broken). */
export function linkHref(snapshot: Snapshot, page: PageEntry, urls: PageUrls): { href?: string; external: boolean } {
  const target = page.target as { kind?: string; url?: unknown; page?: unknown } | undefined;
  if (target?.kind === "url" && typeof target.url === "string") return { href: target.url, external: true };
  if (target?.kind === "page" && typeof target.page === "string") {
    const to = snapshot.pages.get(target.page);
    return { href: to ? urls.of(to) : undefined, external: false };
  }
  if (page.href) return { href: page.href, external: /^https?:/i.test(page.href) };
  return { external: false };
}

/** The sidebar's page tree: groups as headings, link pages as links, the current page and its ancestors open. */
export function navigationTree(snapshot: Snapshot, urls: PageUrls, currentId: string | undefined): NavPage[] {
  const ancestors = new Set<string>();
  for (let at = currentId ? snapshot.parentOf.get(currentId) : undefined; at; at = snapshot.parentOf.get(at)) {
    ancestors.add(at);
  }
  const build = (parent: string | null): NavPage[] =>
    childrenOf(snapshot, parent).flatMap((id) => {
      const page = snapshot.pages.get(id);
      // Published sites read computed pages expanded; one left unexpanded has nothing to show.
      if (!page || page.hidden || page.type === "computed") return [];
      const children = build(id);
      const base = {
        title: page.title,
        kind: page.type,
        ...(page.emoji ? { emoji: page.emoji } : {}),
        current: id === currentId,
        open: id === currentId || ancestors.has(id),
        children,
      };
      if (page.type === "group") return [base];
      if (page.type === "link") {
        const { href, external } = linkHref(snapshot, page, urls);
        return [{ ...base, ...(href ? { href } : {}), external }];
      }
      return [{ ...base, href: urls.of(page) }];
    });
  return build(null);
}

/** The pages before and after the current one in reading order (the API's page meta links use the same). */
export function neighbours(snapshot: Snapshot, urls: PageUrls, currentId: string) {
  const { previous, next } = pageNeighbours(snapshot, currentId);
  const link = (page: PageEntry | undefined) => (page ? { title: page.title, href: urls.of(page) } : undefined);
  return { previous: link(previous), next: link(next) };
}
