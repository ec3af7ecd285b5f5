import type { Context } from "hono";
import { type PageEntry, pageByPath, type Snapshot } from "../content/model";
import type { AppEnv } from "../http/app-env";
import { renderedPages } from "../lib/isolate-caches";
import { presentIntegrationScript } from "../presenters/integration";
import {
  fingerprint,
  type PublishedSiteSpace,
  resolveSitePath,
  type SiteLocation,
  sectionPrefix,
  siteSpacePrefix,
  siteSpacesAt,
  navigationEntries,
} from "../services/published";
import { readExpanded, readPage } from "../services/revisions";
import { pageLinks } from "./agent-links";
import { SITE_CSS_HASH, SITE_JS_HASH } from "./assets";
import { beaconOf } from "./beacon";
import { renderPage } from "./layout";
import { renderMarkdown } from "./markdown";
import { firstPage, firstPageUnder, linkHref, navigationTree, neighbours, pageUrls } from "./navigation";
import { themeOf } from "./theme";
import type { NavPage, SiteView } from "./view";
import type { Visit } from "./visit";

/**
 * Rendered pages by (site, its version, revision, path, visitor segment): revisions never change. llms-full.txt
 * (src/site/machines.ts) is kept here too, keyed by the same and every shown site space's revision.
 */
export const rendered = renderedPages.store;

/**
 * The Cache API behind the isolate's cache: a page rendered by one isolate serves the others of the location.
 * Entries are keyed like the isolate's (site version, revision, path, visitor segment), so they never go stale;
 * they are read only after the visitor was admitted, and never hold cookies. `v2`: entries carry the page's URL
 * (for its Link header); `v3`: custom fonts load from the site's address. Entries of before are never read.
 */
const sharedCacheUrl = (key: string) => `https://quire-site-cache.internal/v3/${encodeURIComponent(key)}`;

/** A rendered body as kept in both caches: its type and, for a page, its own URL (for its Link header). */
export interface RenderedBody {
  body: string;
  type: string;
  url?: string;
}

const PAGE_URL_HEADER = "X-Quire-Page-Url";

export async function fromSharedCache(key: string): Promise<RenderedBody | undefined> {
  if (typeof caches === "undefined") return undefined;
  const hit = await caches.default.match(sharedCacheUrl(key)).catch(() => undefined);
  if (!hit) return undefined;
  const url = hit.headers.get(PAGE_URL_HEADER);
  const body = await hit.text();
  const type = hit.headers.get("Content-Type") ?? "text/html; charset=utf-8";
  return url ? { body, type, url } : { body, type };
}

export function toSharedCache(c: Context<AppEnv>, key: string, entry: RenderedBody) {
  if (typeof caches === "undefined") return;
  const headers: Record<string, string> = { "Content-Type": entry.type, "Cache-Control": "public, max-age=86400" };
  if (entry.url) headers[PAGE_URL_HEADER] = entry.url;
  const stored = caches.default
    .put(sharedCacheUrl(key), new Response(entry.body, { headers }))
    .catch((error) => console.error("caching a rendered page failed", error));
  try {
    c.executionCtx.waitUntil(stored);
  } catch {
    // No execution context (tests calling the app directly): the put runs on its own.
  }
}

/** Where a site space's pages live: the site's base plus the site space's prefix. */
export function siteSpaceBase(visit: Visit, siteSpace: PublishedSiteSpace) {
  const prefix = siteSpacePrefix(visit.data, siteSpace, visit.visible);
  return `${visit.base}${prefix ? `/${prefix}` : ""}`;
}

/** The page a location names: by path, or the site space's first page. */
function pageAt(snapshot: Snapshot, location: SiteLocation): PageEntry | undefined {
  return location.pagePath ? pageByPath(snapshot, location.pagePath) : firstPage(snapshot);
}

/** The site's integration scripts as its pages embed them: URLs Quire serves, with their integrations' CSP. */
export function siteScripts(visit: Visit) {
  return visit.data.scripts.map((script) => presentIntegrationScript(script, visit.ctx.urls));
}

const iconOf = (row: { icon: string | null }) => (row.icon ? { icon: row.icon } : {});

/** The layout's site frame: for a page of `location` with its page tree, or the site's root (search, errors). */
export function siteView(visit: Visit, location?: SiteLocation, pages: NavPage[] = []): SiteView {
  const { data, visible } = visit;
  const base = visit.base;
  const settings = (location && data.customizations.siteSpaces[location.siteSpace.id]) ?? data.customizations.site;
  const at = (prefix: string) => (prefix ? `${base}/${prefix}` : base);
  const variants = location ? siteSpacesAt(data, location.section?.id ?? null, visible) : [];
  return {
    baseHref: base,
    theme: themeOf(settings, data.site.title, data.site.organizationId, base),
    sections: navigationEntries(data, visible).map((entry) =>
      entry.kind === "link"
        ? { title: entry.row.title, href: entry.row.url, current: false, external: true, ...iconOf(entry.row) }
        : {
            title: entry.row.title,
            href: at(sectionPrefix(data, entry.row, visible)),
            current: entry.row.id === location?.section?.id,
            ...iconOf(entry.row),
          },
    ),
    variants:
      variants.length > 1
        ? variants.map((v) => ({
            title: v.spaceTitle,
            href: at(siteSpacePrefix(data, v, visible)),
            current: v.id === location?.siteSpace.id,
          }))
        : [],
    pages,
    searchHref: `${base}/~search`,
    assets: { css: `/~site/~assets/site.${SITE_CSS_HASH}.css`, js: `/~site/~assets/site.${SITE_JS_HASH}.js` },
    scripts: siteScripts(visit).map((s) => s.script),
  };
}

/**
 * How a page is asked for: `html` or `markdown` at its own URL (by content negotiation: both answers vary on
 * `Accept`), or `twin` at its `.md` URL.
 */
export type PageForm = "html" | "markdown" | "twin";

/** The end of a markdown page: the organization's instructions to the agents reading it, when set. */
export function agentFooter(instructions: string | undefined): string {
  if (!instructions?.trim()) return "";
  return `\n\n---\n\n## Instructions for AI agents\n\n${instructions.trim()}\n`;
}

/** What a page view answers: the page (HTML, or its markdown), a redirect, or undefined when not there. */
export async function pageResponse(
  c: Context<AppEnv>,
  visit: Visit,
  segments: string[],
  form: PageForm,
): Promise<Response | undefined> {
  const { data, ctx } = visit;
  const location = resolveSitePath(data, segments, visit.visible);
  if (!location) return undefined;
  const { siteSpace } = location;
  const asMarkdown = form !== "html";
  // Links and the canonical URL depend on the host and base the site is read at.
  const host = new URL(c.req.url).host;
  // Computed pages show what the newest version of their spec generates: that version is part of the key.
  // The markdown is keyed apart from the HTML (one "md" more), the same at the page's URL and at its `.md`.
  const key = [
    host,
    visit.base,
    data.site.id,
    data.version,
    siteSpace.revisionId,
    siteSpace.computedSpecs ?? "",
    segments.join("/"),
    visit.segment,
  ]
    // Markdown ends with the organization's agent instructions: a change of them is a new entry.
    .concat(asMarkdown ? ["md", data.agentInstructions ? fingerprint([data.agentInstructions]) : ""] : [])
    .join("|");
  const etag = `"${fingerprint([key])}"`;
  const cacheControl = data.site.visibility === "public" || data.site.visibility === "unlisted" ? "public" : "private";
  const headers: Record<string, string> = {
    ETag: etag,
    "Cache-Control": `${cacheControl}, max-age=0, must-revalidate`,
  };
  // At the page's own URL the answer depends on Accept: caches must keep the HTML and the markdown apart.
  if (form !== "twin") headers.Vary = "Accept";
  if (c.req.header("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  const answer = ({ body, type, url }: RenderedBody) =>
    new Response(body, {
      headers: {
        ...headers,
        "Content-Type": type,
        ...(url ? { Link: pageLinks(c, visit, { url, markdown: asMarkdown }) } : {}),
      },
    });
  const cached = rendered.get(key) ?? (await fromSharedCache(key));
  if (cached) {
    rendered.set(key, cached);
    return answer(cached);
  }
  const keep = (entry: RenderedBody) => {
    rendered.set(key, entry);
    toSharedCache(c, key, entry);
    return answer(entry);
  };

  const target = { kind: "revision" as const, revisionId: siteSpace.revisionId };
  // Computed pages read as the pages they generate (or a notice when their spec is not available).
  const { snapshot, generated } = await readExpanded(ctx, siteSpace.spaceId, target, { computed: true, notices: true });
  const page = pageAt(snapshot, location);
  if (!page) return undefined;
  const urls = pageUrls(snapshot, siteSpaceBase(visit, siteSpace));
  if (page.type !== "document") {
    // A group or link page has no body: its first page, or its target.
    const href = page.type === "link" ? linkHref(snapshot, page, urls).href : firstPageUnder(snapshot, page.id, urls);
    if (!href) return undefined;
    // A group's `.md` goes to its first page's `.md`.
    return c.redirect(page.type === "group" && form === "twin" ? `${href}.md` : href, 302);
  }
  const markdown =
    generated.get(page.id) ?? (await readPage(ctx, siteSpace.spaceId, target, { id: page.id })).markdown ?? "";
  const url = urls.of(page);
  if (asMarkdown) {
    const footer = agentFooter(data.agentInstructions);
    const body = `# ${page.title}\n\n${footer ? `${markdown.trimEnd()}${footer}` : markdown}`;
    return keep({ body, type: "text/markdown; charset=utf-8", url });
  }
  const settings = data.customizations.siteSpaces[siteSpace.id] ?? data.customizations.site;
  const { html, outline, description } = renderMarkdown(markdown, {
    page: (pageId, anchor) => {
      const to = snapshot.pages.get(pageId);
      return to ? `${urls.of(to)}${anchor ? `#${anchor}` : ""}` : undefined;
    },
    file: (fileId) => {
      const file = snapshot.files.get(fileId);
      if (!file) return undefined;
      return {
        url: `${visit.base}/~files/${siteSpace.id}/${file.id}`,
        name: file.name,
        contentType: file.contentType,
        ...(file.dimensions ? { width: file.dimensions.width, height: file.dimensions.height } : {}),
      };
    },
    externalTarget: settings.externalLinks.target,
  });
  const body = renderPage(siteView(visit, location, navigationTree(snapshot, urls, page.id)), {
    title: `${page.title} | ${settings.title || data.site.title}`,
    heading: page.title,
    ...((page.description ?? description) ? { description: page.description ?? description } : {}),
    bodyHtml: html,
    outline,
    url: new URL(url, c.req.url).toString(),
    markdownUrl: `${url}.md`,
    ...neighbours(snapshot, urls, page.id),
    noIndex: data.site.visibility !== "public" || page.noIndex === true || page.noRobotsIndex === true,
    beacon: beaconOf(c, visit, location, page.id),
  });
  return keep({ body, type: "text/html; charset=utf-8", url });
}
