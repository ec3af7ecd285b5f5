import { mapPage, type Page } from "../lib/pagination";
import type { ServiceContext } from "../services/core";
import type { SearchIndexHealthView, SearchPageView, SearchSectionView, SearchSpaceView } from "../services/search";
import type {
  SearchIndexHealth,
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

/** A space's search index checked (getSpaceSearchIndex; repairSpaceSearchIndex adds `repairQueued`). */
export function presentSearchIndexHealth(view: SearchIndexHealthView & { repairQueued?: boolean }): SearchIndexHealth {
  return {
    object: "search-index",
    spaceId: view.spaceId,
    revision: view.revisionId,
    indexedRevision: view.indexedRevisionId,
    upToDate: view.upToDate,
    pages: {
      expected: view.expectedPages,
      indexed: view.indexedPages,
      missing: view.missingPages,
      stale: view.stalePages,
      moved: view.movedPages,
      extra: view.extraPages,
      withoutSections: view.pagesWithoutSections,
    },
    ...(view.repairQueued === undefined ? {} : { repairQueued: view.repairQueued }),
  };
}
