import type { Context } from "hono";
import type { AppEnv } from "../http/app-env";
import { type PublishedSiteSpace, resolveSitePath, siteSpacesAt, visibleSections } from "../services/published";
import { listPages } from "../services/revisions";
import { type SearchPageView, searchVisitedSite } from "../services/search";
import { renderSearchPage } from "./layout";
import { navigationTree, pageUrls } from "./navigation";
import { siteSpaceBase, siteView } from "./page";
import type { SearchHit, SiteView } from "./view";
import type { Visit } from "./visit";

const MAX_QUERY = 512;

/** A page the site's search found: the space it is in and its path on this host (its best section's anchor). */
export interface SiteSearchHit {
  page: SearchPageView;
  spaceTitle: string;
  href: string;
}

/**
 * The site's search over `shown` (site spaces the visit shows), best first: one index query, the visit's pass
 * authorizing (services/search searchVisitedSite). The HTML page, `~search.json` and the MCP server share it.
 */
export async function searchShown(visit: Visit, query: string, shown: PublishedSiteSpace[]): Promise<SiteSearchHit[]> {
  if (!shown.length) return [];
  const { data } = visit;
  const spaceIds = shown.map((s) => s.spaceId);
  const results = await searchVisitedSite(visit.ctx, data.site.organizationId, spaceIds, data.searchGeneration, {
    query,
    limit: 20,
  });
  return results.items.flatMap((space) => {
    const siteSpace = shown.find((s) => s.spaceId === space.id);
    if (!siteSpace) return [];
    const base = siteSpaceBase(visit, siteSpace);
    return space.pages.map((page) => {
      const anchor = page.sections[0]?.anchor;
      return { page, spaceTitle: space.title, href: `${base}/${page.path}${anchor ? `#${anchor}` : ""}` };
    });
  });
}

/** The site's search over every site space the visitor sees, as hits with published URLs. */
async function hits(visit: Visit, query: string): Promise<SearchHit[]> {
  const { data } = visit;
  const shown = data.sections.length
    ? visibleSections(data, visit.visible).flatMap((s) => siteSpacesAt(data, s.id, visit.visible))
    : siteSpacesAt(data, null, visit.visible);
  const several = new Set(shown.map((s) => s.spaceId)).size > 1;
  return (await searchShown(visit, query, shown)).map(({ page, spaceTitle, href }) => {
    const section = page.sections[0];
    return {
      title: section?.heading ? `${page.title} › ${section.heading}` : page.title,
      href,
      snippetHtml: section?.body ?? "",
      ...(several ? { space: spaceTitle } : {}),
    };
  });
}

/** `~search?q=`: the results page (works without JavaScript); `~search.json?q=`: the same hits for the script. */
export async function searchResponse(c: Context<AppEnv>, visit: Visit, asJson: boolean) {
  const query = (c.req.query("q") ?? "").trim().slice(0, MAX_QUERY);
  const found = query && visit.data.siteSpaces.length ? await hits(visit, query) : [];
  const headers = { "Cache-Control": "private, no-store" };
  if (asJson) return c.json({ items: found }, 200, headers);
  return c.html(renderSearchPage(await homeFrame(visit), query, found), 200, headers);
}

/**
 * The results page's frame: the site's home (its default section and site space) with that site space's page
 * tree in the sidebar, as its first page shows it, so the page is not a dead end without the search box.
 */
async function homeFrame(visit: Visit): Promise<SiteView> {
  const home = resolveSitePath(visit.data, [], visit.visible);
  if (!home) return siteView(visit);
  const { siteSpace } = home;
  const snapshot = await listPages(visit.ctx, siteSpace.spaceId, {
    kind: "revision",
    revisionId: siteSpace.revisionId,
  });
  return siteView(
    visit,
    home,
    navigationTree(snapshot, pageUrls(snapshot, siteSpaceBase(visit, siteSpace)), undefined),
  );
}
