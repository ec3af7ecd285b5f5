import type { ServiceContext } from "../services/core/context";
import { spaceAppURL } from "./content";

/** A section of a search result (SearchSectionResult): `id` is the heading's anchor. */
export interface SearchSectionResult {
  id: string;
  title: string;
  path: string;
  body: string;
  urls: { app: string };
}

/** A page of a search result (SearchPageResult). */
export interface SearchPageResult {
  id: string;
  title: string;
  path: string;
  sections?: SearchSectionResult[];
  urls: { app: string };
}

/** A space of an organization search result (SearchSpaceResult). */
export interface SearchSpaceResult {
  id: string;
  title: string;
  pages: SearchPageResult[];
}

export function presentSearchPage(
  ctx: ServiceContext,
  spaceId: string,
  page: { id: string; title: string; path: string },
): SearchPageResult {
  return {
    id: page.id,
    title: page.title,
    path: page.path,
    sections: [],
    urls: { app: `${spaceAppURL(ctx, spaceId)}/${page.path}` },
  };
}

/**
 * A matching section. The text before a page's first heading has no anchor: it is identified by the page
 * id and titled with the page title. `body` is the snippet (HTML-escaped, matches in `<mark>`).
 */
export function presentSearchSection(
  ctx: ServiceContext,
  spaceId: string,
  page: SearchPageResult,
  section: { anchor: string; heading: string; body: string },
): SearchSectionResult {
  const path = section.anchor ? `${page.path}#${section.anchor}` : page.path;
  return {
    id: section.anchor || page.id,
    title: section.heading || page.title,
    path,
    body: section.body,
    urls: { app: `${spaceAppURL(ctx, spaceId)}/${path}` },
  };
}
