/**
 * The published-site renderer's view model: what the router (src/site/router.ts) resolves for one page view,
 * and what the layout (src/site/layout.ts) and the markdown renderer (src/site/markdown.ts) turn into HTML.
 * Plain data: no D1, no Hono. URLs here are absolute paths on the deployment's origin (e.g. `/~site/{id}/guide`)
 * or full URLs for custom hostnames: the router decides, the layout only prints them.
 */

/** Customization the layout applies (a subset of SiteCustomizationSettings, already merged for the site space). */
export interface SiteTheme {
  title: string;
  /** `clean` | `muted` | `bold` | `gradient`. */
  theme: string;
  primaryColor: { light: string; dark: string };
  tint?: { light: string; dark: string };
  infoColor: { light: string; dark: string };
  successColor: { light: string; dark: string };
  warningColor: { light: string; dark: string };
  dangerColor: { light: string; dark: string };
  /** `straight` | `rounded` | `circular`. */
  corners: string;
  /** Font family name from the customization (a system-stack fallback; only custom fonts' files are fetched). */
  font: string;
  monospaceFont: string;
  /** The `@font-face` rules of custom fonts (files this deployment serves), when the fonts are definitions. */
  fontFaces?: { family: string; weight: number; src: string; format: string }[];
  /** `light` | `dark`, and whether visitors may toggle. */
  defaultMode: string;
  toggeable: boolean;
  logo?: { light: string; dark: string };
  favicon?: { light: string; dark: string };
  headerLinks: { title: string; href: string }[];
  footer: { groups: { title: string; links: { title: string; href: string }[] }[]; copyright?: string };
  announcement?: { message: string; style: string; link?: { title: string; href: string } };
  /** The site's locale (`en`, `fr`, …): the `lang` attribute. */
  locale: string;
  /** `self` | `blank` for external links. */
  externalLinksTarget: string;
  /** Show previous/next links. */
  pagination: boolean;
}

/** One entry of the sidebar's page tree. */
export interface NavPage {
  title: string;
  /** Absent for groups (a heading, not a link). */
  href?: string;
  kind: "document" | "group" | "link";
  /** A link page's target is external: open per `externalLinksTarget`. */
  external?: boolean;
  emoji?: string;
  current: boolean;
  /** On the way to the current page (expanded). */
  open: boolean;
  children: NavPage[];
}

/** A site space or section the switchers offer. */
export interface NavChoice {
  title: string;
  href: string;
  current: boolean;
  icon?: string;
  /** An external link of the site's navigation (opened per `externalLinksTarget`). */
  external?: boolean;
}

/** One heading of the page (the outline / "On this page"). */
export interface OutlineEntry {
  id: string;
  text: string;
  depth: number;
}

export interface PageView {
  /** Full document title and description for <head>. */
  title: string;
  description?: string;
  /** The page's own title for its <h1>; without it the layout takes `title` less a trailing ` · {site title}`. */
  heading?: string;
  /** The rendered, sanitized page body (markdown.ts). */
  bodyHtml: string;
  outline: OutlineEntry[];
  /** Canonical URL of the page; its markdown twin is `${url}.md`. */
  url: string;
  markdownUrl: string;
  previous?: { title: string; href: string };
  next?: { title: string; href: string };
  /** `noindex` for unlisted sites and `noIndex` pages. */
  noIndex: boolean;
  /** Where the site's script sends this page's view (beacon.ts); absent: no insights beacon. */
  beacon?: Beacon;
}

/** The first-party insights beacon of a page: trackEventsInSiteById's URL and the ids that place the view. */
export interface Beacon {
  endpoint: string;
  siteSection?: string;
  siteSpace: string;
  space: string;
  page: string;
}

export interface SiteView {
  /** Where the site's root is (`/~site/{siteId}` or `` on a custom hostname). */
  baseHref: string;
  theme: SiteTheme;
  /** Top-level sections (tabs), empty for a site without sections. */
  sections: NavChoice[];
  /** Site spaces of the current section (the variant switcher), empty or one: no switcher. */
  variants: NavChoice[];
  pages: NavPage[];
  /** Where the search box sends queries (`GET ?q=` → HTML results page; JSON at `search.json?q=`). */
  searchHref: string;
  /** The small script and the stylesheet, served by the Worker (never a CDN). */
  assets: { css: string; js: string };
  /** The site's integration scripts (`site:script:inject`): URLs Quire serves, loaded async. */
  scripts: string[];
}

/** One search hit (the search results page, and the JSON the script reads). */
export interface SearchHit {
  title: string;
  href: string;
  /** Snippet HTML with <mark> highlights, already escaped except the marks. */
  snippetHtml: string;
  /** Which site space it is in, when the site has several. */
  space?: string;
}
