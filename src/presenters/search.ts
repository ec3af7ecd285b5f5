import { mapPage, type Page } from "../lib/pagination";
import type { ServiceContext } from "../services/core";
import type { SearchPageView, SearchSectionView, SearchSpaceView } from "../services/search";
import type {
  SearchPageResult,
  SearchPageResultList,
  SearchSectionResult,
  SearchSpaceResultList,
} from "../wire/search";
import { spaceAppURL } from "./content";

function presentSearchPage(ctx: ServiceContext, page: SearchPageView): SearchPageResult {
  return {
    id: page.id,
    title: page.title,
    path: page.path,
    sections: page.sections.map((section) => presentSearchSection(ctx, page, section)),
    urls: { app: `${spaceAppURL(ctx, page.spaceId)}/${page.path}` },
  };
}

/**
 * A matching section. The text before a page's first heading has no anchor: it is identified by the page
 * id and titled with the page title. `body` is the snippet (HTML-escaped, matches in `<mark>`).
 */
function presentSearchSection(
  ctx: ServiceContext,
  page: SearchPageView,
  section: SearchSectionView,
): SearchSectionResult {
  const path = section.anchor ? `${page.path}#${section.anchor}` : page.path;
  return {
    id: section.anchor || page.id,
    title: section.heading || page.title,
    path,
    body: section.body,
    urls: { app: `${spaceAppURL(ctx, page.spaceId)}/${path}` },
  };
}

/** searchSpaceContent: the matching pages. */
export function presentSearchPages(ctx: ServiceContext, page: Page<SearchPageView>): SearchPageResultList {
  return mapPage(page, (p) => presentSearchPage(ctx, p));
}

/** searchOrganizationContent: the matching spaces, each with its pages. */
export function presentSearchSpaces(ctx: ServiceContext, page: Page<SearchSpaceView>): SearchSpaceResultList {
  return mapPage(page, (space) => ({
    id: space.id,
    title: space.title,
    pages: space.pages.map((p) => presentSearchPage(ctx, p)),
  }));
}
