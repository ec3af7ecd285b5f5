import { type PageEntry, pagePath, type Snapshot } from "../../content/model";
import { pageNeighbours } from "../../content/page-neighbours";
import { notFound } from "../../lib/errors";
import type { ServiceContext } from "../core";
import { type ContentTarget, loadContent } from "./content-load";

/** A page a meta link names: its id, title and path in the revision. */
export interface MetaLinkPage {
  id: string;
  title: string;
  path: string;
}

/** A page's neighbours in the published site's reading order (previous, next) and its parent page. */
export interface PageMetaLinksView {
  previous?: MetaLinkPage;
  next?: MetaLinkPage;
  parent?: MetaLinkPage;
}

const linked = (snapshot: Snapshot, page: PageEntry | undefined): MetaLinkPage | undefined =>
  page && { id: page.id, title: page.title, path: pagePath(snapshot, page.id) };

/**
 * A page's meta links in a target's content: one load of the target's snapshot (the page list read: one round
 * trip, or none when the isolate holds it), then a walk from the page outwards, never over the whole tree.
 * Computed pages are read as stored (unexpanded): expanding them would read their specs, a further round trip.
 */
export async function readPageMetaLinks(
  ctx: ServiceContext,
  spaceId: string,
  target: ContentTarget,
  pageId: string,
): Promise<PageMetaLinksView> {
  const { snapshot } = await loadContent(ctx, spaceId, target);
  if (!snapshot.pages.has(pageId)) throw notFound("Page");
  const { previous, next, parent } = pageNeighbours(snapshot, pageId);
  return { previous: linked(snapshot, previous), next: linked(snapshot, next), parent: linked(snapshot, parent) };
}
