/**
 * The navigation parts of the layout: header (logo, title, links, section tabs, search, announcement), the
 * sidebar (variant switcher and page tree) and the footer. Every part works without the script: branches of
 * the tree are <details> (open on the way to the current page), the variant switcher is a <details> list.
 */
import { type HtmlValue, html, isExternal, link, type Raw, raw, safeHref } from "./html";
import type { NavChoice, NavPage, SiteView } from "./view";

/** The site root as a link target (`""` on a custom hostname means the origin's root). */
export const homeHref = (site: SiteView) => site.baseHref || "/";

const siteLink = (site: SiteView, href: string, content: HtmlValue, className?: string) =>
  link(href, content, { className, external: isExternal(href, site.baseHref), target: site.theme.externalLinksTarget });

function logo(site: SiteView): HtmlValue {
  const { logo: urls, title } = site.theme;
  const light = safeHref(urls?.light);
  const dark = safeHref(urls?.dark) ?? light;
  if (!light || !dark) return html`<span>${title}</span>`;
  if (light === dark) return html`<img src="${light}" alt="${title}">`;
  return html`<img class="logo-light" src="${light}" alt="${title}"><img class="logo-dark" src="${dark}" alt="${title}">`;
}

/** The search form: a plain GET form to the HTML results page; the script adds the suggestions popup. */
function searchForm(site: SiteView, query = ""): Raw {
  const action = safeHref(site.searchHref) ?? "";
  return html`<form class="search" role="search" action="${action}" method="get" data-search>
<label class="visually-hidden" for="site-search">Search this site</label>
<input id="site-search" type="search" name="q" value="${query}" placeholder="Search…" autocomplete="off">
<button type="submit">Search</button>
</form>`;
}

function choices(items: NavChoice[], current: "page" | "true", target?: string): Raw[] {
  return items.map(
    (item) =>
      html`<li>${link(item.href, [item.icon ? html`<span class="nav-emoji" aria-hidden="true">${item.icon}</span>` : "", item.title], { current: item.current ? current : undefined, external: item.external, target })}</li>`,
  );
}

function announcement(site: SiteView): HtmlValue {
  const a = site.theme.announcement;
  if (!a?.message) return "";
  const style = ["info", "success", "warning", "danger"].includes(a.style) ? a.style : "info";
  const more = a.link ? html` ${siteLink(site, a.link.href, a.link.title)}` : "";
  return html`<div class="announcement announcement-${style}"><p>${a.message}${more}</p></div>`;
}

export function renderHeader(site: SiteView, query?: string): Raw {
  const links = site.theme.headerLinks.length
    ? html`<ul class="header-links">${site.theme.headerLinks.map((l) => html`<li>${siteLink(site, l.href, l.title)}</li>`)}</ul>`
    : "";
  const toggle = site.theme.toggeable
    ? html`<button type="button" class="theme-toggle" data-theme-toggle aria-pressed="false" hidden>Dark mode</button>`
    : "";
  const tabs = site.sections.length
    ? html`<nav class="section-tabs" aria-label="Sections"><ul>${choices(site.sections, "true", site.theme.externalLinksTarget)}</ul></nav>`
    : "";
  return html`<header class="site-header">
<div class="header-inner">
<a class="site-title" href="${homeHref(site)}">${logo(site)}</a>
${links}
${searchForm(site, query)}
${toggle}
</div>
${tabs}
${announcement(site)}
</header>`;
}

function treeItem(site: SiteView, page: NavPage): Raw {
  const emoji = page.emoji ? html`<span class="nav-emoji" aria-hidden="true">${page.emoji}</span>` : "";
  if (page.kind === "group") {
    return html`<li class="nav-group"><h2 class="nav-group-title">${emoji}${page.title}</h2>${tree(site, page.children)}</li>`;
  }
  const label = page.href
    ? link(page.href, [emoji, page.title], {
        current: page.current ? "page" : undefined,
        external: page.kind === "link" && (page.external ?? isExternal(page.href, site.baseHref)),
        target: site.theme.externalLinksTarget,
      })
    : html`<span class="nav-text">${emoji}${page.title}</span>`;
  if (!page.children.length) return html`<li>${label}</li>`;
  // The toggle sits beside the link, not around it: a link inside <summary> would be nested interactive content.
  return html`<li>${label}<details${page.open || page.current ? raw(" open") : ""}><summary><span class="visually-hidden">${page.title}: subpages</span></summary>${tree(site, page.children)}</details></li>`;
}

function tree(site: SiteView, pages: NavPage[], className?: string): HtmlValue {
  if (!pages.length) return "";
  return html`<ul${className ? html` class="${className}"` : ""}>${pages.map((p) => treeItem(site, p))}</ul>`;
}

/** The sidebar: a "Menu" disclosure (its summary only shows on narrow screens; the script closes it there). */
export function renderSidebar(site: SiteView): Raw {
  const current = site.variants.find((v) => v.current) ?? site.variants[0];
  const variants =
    site.variants.length > 1
      ? html`<details class="variants"><summary><span class="visually-hidden">Version: </span>${current?.title}</summary><ul>${choices(site.variants, "true")}</ul></details>`
      : "";
  return html`<nav class="sidebar" aria-label="Site">
<details class="sidebar-menu" open><summary>Menu</summary>
${variants}
${tree(site, site.pages, "nav-tree")}
</details>
</nav>`;
}

/** The footer: link groups and copyright; nothing when the site has neither. */
export function renderFooter(site: SiteView): Raw {
  const { groups, copyright } = site.theme.footer;
  if (!groups.length && !copyright) return html``;
  const parts = groups.map(
    (g) =>
      html`<div class="footer-group"><h2>${g.title}</h2><ul>${g.links.map((l) => html`<li>${siteLink(site, l.href, l.title)}</li>`)}</ul></div>`,
  );
  return html`<footer class="site-footer"><div class="footer-inner">${parts}${copyright ? html`<p class="copyright">${copyright}</p>` : ""}</div></footer>`;
}
