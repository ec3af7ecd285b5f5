/**
 * The published site's pages as complete HTML documents: a content page, the search results page and the
 * not-found page. Pure functions of the view model (view.ts): no D1, no Hono. Every value is escaped by the
 * `html` tag (html.ts) and every URL goes through `safeHref`; only `page.bodyHtml` and `hit.snippetHtml`, which
 * the markdown renderer and search already sanitized, are printed raw.
 *
 * Landmarks: skip link → <header> (with search and section tabs) → <nav aria-label="Site"> → <main id="content">
 * (h1, "On this page", <article>, previous/next) → <footer>. The stylesheet and script are external files (so a
 * strict CSP needs no 'unsafe-inline' for scripts); the one inline <style> holds the theme's custom properties.
 */
import { type HtmlValue, html, type Raw, raw, safeHref } from "./html";
import { homeHref, renderFooter, renderHeader, renderSidebar } from "./nav";
import { initialMode, themeStyle } from "./theme-style";
import type { Beacon, PageView, SearchHit, SiteView } from "./view";

/** Where the site's script posts this page's view, and the ids it sends (read by SITE_JS; beacon.ts). */
function beaconMeta(beacon: Beacon | undefined) {
  const endpoint = safeHref(beacon?.endpoint);
  if (!beacon || !endpoint) return "";
  return html`<meta name="quire-insights" content="${endpoint}" data-site-section="${beacon.siteSection ?? ""}" data-site-space="${beacon.siteSpace}" data-space="${beacon.space}" data-page="${beacon.page}">\n`;
}

interface Document {
  title: string;
  description?: string;
  canonical?: string;
  noIndex: boolean;
  markdownUrl?: string;
  /** The query already in the search box (the results page). */
  query?: string;
  beacon?: Beacon;
  main: HtmlValue;
}

function shell(site: SiteView, doc: Document): string {
  const { theme } = site;
  const favicon = safeHref(theme.favicon?.light);
  const faviconDark = safeHref(theme.favicon?.dark);
  const canonical = safeHref(doc.canonical);
  const markdown = safeHref(doc.markdownUrl);
  const css = safeHref(site.assets.css);
  const js = safeHref(site.assets.js);
  const scripts = site.scripts.flatMap((src) => safeHref(src) ?? []);
  const variant = /^[a-z]+$/.test(theme.theme) ? theme.theme : "clean";
  return html`<!doctype html>
<html lang="${theme.locale || "en"}" data-mode="${initialMode(theme)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${doc.title}</title>
${doc.description ? html`<meta name="description" content="${doc.description}">\n` : ""}${canonical ? html`<link rel="canonical" href="${canonical}">\n` : ""}${doc.noIndex ? html`<meta name="robots" content="noindex">\n` : ""}${favicon ? html`<link rel="icon" href="${favicon}">\n` : ""}${faviconDark && faviconDark !== favicon ? html`<link rel="icon" href="${faviconDark}" media="(prefers-color-scheme: dark)">\n` : ""}${markdown ? html`<link rel="alternate" type="text/markdown" href="${markdown}">\n` : ""}${css ? html`<link rel="stylesheet" href="${css}">\n` : ""}<style>${raw(themeStyle(theme))}</style>
${beaconMeta(doc.beacon)}${js ? html`<script src="${js}" defer></script>\n` : ""}${scripts.map((src) => html`<script src="${src}" async></script>\n`)}</head>
<body class="theme-${variant}">
<a class="skip-link" href="#content">Skip to content</a>
${renderHeader(site, doc.query)}
<div class="layout">
${renderSidebar(site)}
<main id="content" tabindex="-1">
${doc.main}
</main>
</div>
${renderFooter(site)}
</body>
</html>
`.value;
}

/** The <h1>: `page.heading`, else the document title without its ` · Site` (or ` | Site`, ` - Site`) suffix. */
export function pageHeading(site: SiteView, page: PageView): string {
  if (page.heading) return page.heading;
  const suffix = site.theme.title;
  for (const sep of [" · ", " | ", " - ", " — "]) {
    if (suffix && page.title.endsWith(`${sep}${suffix}`) && page.title.length > sep.length + suffix.length) {
      return page.title.slice(0, -(sep.length + suffix.length));
    }
  }
  return page.title;
}

function outline(page: PageView): HtmlValue {
  if (!page.outline.length) return "";
  const depths = page.outline.map((e) => e.depth);
  const top = Math.min(...depths);
  const items = page.outline.map(
    (e) => html`<li class="depth-${Math.min(6, 2 + e.depth - top)}"><a href="#${e.id}">${e.text}</a></li>`,
  );
  return html`<nav class="outline" aria-label="On this page"><h2>On this page</h2><ul>${items}</ul></nav>`;
}

function pagination(site: SiteView, page: PageView): HtmlValue {
  if (!site.theme.pagination) return "";
  const side = (rel: "prev" | "next", label: string, target?: { title: string; href: string }) => {
    const href = safeHref(target?.href);
    if (!target || !href) return "";
    const cls = rel === "prev" ? "previous" : "next";
    return html`<a class="${cls}" href="${href}" rel="${rel}"><small>${label}</small>${target.title}</a>`;
  };
  if (!page.previous && !page.next) return "";
  return html`<nav class="pagination" aria-label="Previous and next pages">${side("prev", "Previous", page.previous)}${side("next", "Next", page.next)}</nav>`;
}

/** A content page. */
export function renderPage(site: SiteView, page: PageView): string {
  const markdown = safeHref(page.markdownUrl);
  return shell(site, {
    title: page.title,
    description: page.description,
    canonical: page.url,
    noIndex: page.noIndex,
    markdownUrl: page.markdownUrl,
    beacon: page.beacon,
    main: html`<h1 class="page-title">${pageHeading(site, page)}</h1>
${outline(page)}
<article class="markdown">
${raw(page.bodyHtml)}
</article>
${pagination(site, page)}
${markdown ? html`<p class="page-actions"><a href="${markdown}" type="text/markdown">View as Markdown</a></p>` : ""}`,
  });
}

const plural = (n: number) => (n === 1 ? "1 result" : `${n} results`);

/** The search results page (`GET {searchHref}?q=`), the form's answer without the script. Never indexed. */
export function renderSearchPage(site: SiteView, query: string, hits: SearchHit[]): string {
  const q = query.trim();
  const title = q ? `Search: ${q} · ${site.theme.title}` : `Search · ${site.theme.title}`;
  const items = hits.map((hit) => {
    const href = safeHref(hit.href);
    const name = href ? html`<a href="${href}">${hit.title}</a>` : html`<span>${hit.title}</span>`;
    const space = hit.space ? html` <span class="result-space">(${hit.space})</span>` : "";
    return html`<li>${name}${space}${hit.snippetHtml ? html`<p>${raw(hit.snippetHtml)}</p>` : ""}</li>`;
  });
  let body: Raw;
  if (!q) body = html`<p>Type words to look for in the search box above.</p>`;
  else if (!hits.length) body = html`<p role="status">No results for “${q}”.</p>`;
  else body = html`<p role="status">${plural(hits.length)} for “${q}”.</p><ol class="search-results">${items}</ol>`;
  return shell(site, {
    title,
    noIndex: true,
    query: q,
    main: html`<h1 class="page-title">${q ? html`Search results for “${q}”` : "Search"}</h1>\n${body}`,
  });
}

/** The not-found page: in the site's layout when the site is known, else a bare page (no stylesheet). */
export function renderNotFound(site: SiteView | undefined, message: string): string {
  if (site) {
    return shell(site, {
      title: `Page not found · ${site.theme.title}`,
      noIndex: true,
      main: html`<h1 class="page-title">Page not found</h1>
<p>${message}</p>
<p><a href="${homeHref(site)}">Go to the home page of ${site.theme.title}</a></p>`,
    });
  }
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Page not found</title>
</head>
<body>
<main id="content">
<h1>Page not found</h1>
<p>${message}</p>
</main>
</body>
</html>
`.value;
}
