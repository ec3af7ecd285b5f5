import type { Context } from "hono";
import { pagePath } from "../../content/model";
import type { AppEnv } from "../../http/app-env";
import { type PublishedSiteSpace, siteRedirectTarget, siteSpacesAt, visibleSections } from "../../services/published";
import { readExpanded } from "../../services/revisions";
import { readingOrder } from "../navigation";
import { pageResponse, siteSpaceBase } from "../page";
import { searchShown } from "../search";
import type { Visit } from "../visit";

/** What the MCP tools read of a published site: only what the visit shows (its visibility and adaptive claims). */

/** Filters of searchDocumentation: a site space or section (by id or path), a language (its locale). */
export interface SiteSpaceFilter {
  siteSpace?: string;
  section?: string;
  language?: string;
}

/** Every site space the visitor sees, in structure order, narrowed by the filter. */
export function shownSiteSpaces(visit: Visit, filter: SiteSpaceFilter = {}): PublishedSiteSpace[] {
  const { data, visible } = visit;
  const sections = visibleSections(data, visible).filter(
    (s) => !filter.section || s.id === filter.section || s.path === filter.section,
  );
  const all = data.sections.length
    ? sections.flatMap((section) => siteSpacesAt(data, section.id, visible))
    : filter.section
      ? []
      : siteSpacesAt(data, null, visible);
  const language = filter.language?.toLowerCase();
  return all.filter((s) => {
    if (filter.siteSpace && s.id !== filter.siteSpace && s.path !== filter.siteSpace) return false;
    if (!language) return true;
    const locale = (data.customizations.siteSpaces[s.id] ?? data.customizations.site).internationalization.locale;
    return locale === language || locale.split("-")[0] === language.split("-")[0];
  });
}

export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
  section?: string;
  space?: string;
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/** A snippet's HTML (escaped text with `<mark>` highlights) as plain text. */
const plain = (html: string) =>
  html.replace(/<\/?mark>/g, "").replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/** The site search (services/search, as the visitor's pass allows) over the shown site spaces, with absolute URLs. */
export async function searchDocumentation(
  c: Context<AppEnv>,
  visit: Visit,
  query: string,
  filter: SiteSpaceFilter,
): Promise<SearchResult[]> {
  const shown = shownSiteSpaces(visit, filter);
  const origin = new URL(c.req.url).origin;
  return (await searchShown(visit, query, shown)).map(({ page, spaceTitle, href }) => {
    const section = page.sections[0];
    return {
      title: page.title,
      url: `${origin}${href}`,
      snippet: plain(section?.body ?? ""),
      ...(section?.heading ? { section: section.heading } : {}),
      ...(shown.length > 1 ? { space: spaceTitle } : {}),
    };
  });
}

/**
 * A page URL (absolute, or a path on the site, with or without the site's base and `.md`) as the page path
 * segments under the site's base. Undefined when it cannot be a path (undecodable).
 */
export function segmentsOf(visit: Visit, target: string): string[] | undefined {
  let path = target.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return undefined;
    }
  } else {
    path = path.split(/[?#]/)[0] ?? "";
  }
  try {
    path = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (!path.startsWith("/")) path = `/${path}`;
  if (visit.base && (path === visit.base || path.startsWith(`${visit.base}/`))) path = path.slice(visit.base.length);
  if (path.endsWith(".md")) path = path.slice(0, -3);
  return path.split("/").filter(Boolean);
}

/** Group and link pages, and the site's redirects, lead to another page: followed this many times at most. */
const MAX_HOPS = 3;

/**
 * A page's markdown, exactly as its `.md` twin answers it (the same renderer, cache and visibility), or undefined
 * when the visitor has no such page. A group page reads as its first page; a redirect of the site is followed.
 */
export async function pageMarkdown(
  c: Context<AppEnv>,
  visit: Visit,
  target: string,
): Promise<{ url: string; markdown: string } | undefined> {
  let segments = segmentsOf(visit, target);
  const origin = new URL(c.req.url).origin;
  for (let hop = 0; segments && hop <= MAX_HOPS; hop++) {
    const response = await pageResponse(c, visit, segments, "twin");
    if (response?.status === 200) {
      return { url: `${origin}${visit.base}/${segments.join("/")}`, markdown: await response.text() };
    }
    let next: string | undefined;
    if (response && response.status >= 300 && response.status < 400) {
      next = response.headers.get("location") ?? undefined;
    } else if (!response) {
      const redirect = await siteRedirectTarget(visit.ctx, visit.data, `/${segments.join("/")}`, visit.visible);
      next = redirect === undefined ? undefined : `${visit.base}${redirect}`;
    }
    // Only targets on this site are followed (a link page may point anywhere).
    if (!next || !sameSite(visit, origin, next)) return undefined;
    segments = segmentsOf(visit, next);
  }
  return undefined;
}

function sameSite(visit: Visit, origin: string, location: string) {
  try {
    const url = new URL(location, origin);
    return (
      url.origin === origin && (!visit.base || url.pathname === visit.base || url.pathname.startsWith(`${visit.base}/`))
    );
  } catch {
    return false;
  }
}

export interface PageListing {
  url: string;
  title: string;
  description?: string;
}

/** Most pages the resource list names (a listing reads each shown site space's tree, not its bodies). */
const MAX_LISTED = 2000;

/** Every document page the visitor sees, in reading order, with its absolute URL: the MCP resources. */
export async function listPages(c: Context<AppEnv>, visit: Visit): Promise<PageListing[]> {
  const origin = new URL(c.req.url).origin;
  const spaces = await Promise.all(
    shownSiteSpaces(visit).map(async (siteSpace) => {
      const target = { kind: "revision" as const, revisionId: siteSpace.revisionId };
      const { snapshot } = await readExpanded(visit.ctx, siteSpace.spaceId, target, { computed: true, notices: true });
      const base = `${origin}${siteSpaceBase(visit, siteSpace)}`;
      return readingOrder(snapshot)
        .filter((page) => page.type === "document")
        .map((page) => ({
          url: `${base}/${pagePath(snapshot, page.id)}`,
          title: page.title,
          ...(page.description ? { description: page.description } : {}),
        }));
    }),
  );
  return spaces.flat().slice(0, MAX_LISTED);
}
