// The published site's layout (src/site/layout.ts): pure HTML from the view model. Structure, escaping and the
// theme's custom properties; the browser-side behaviour (script, contrast) is checked elsewhere.
import { describe, expect, it } from "vitest";
import { SITE_CSS, SITE_CSS_HASH, SITE_JS, SITE_JS_HASH, contentHash } from "../../src/site/assets";
import { safeHref } from "../../src/site/html";
import { renderNotFound, renderPage, renderSearchPage } from "../../src/site/layout";
import { contrast, modeColors, parseHex } from "../../src/site/theme-style";
import type { NavPage, PageView, SiteTheme, SiteView } from "../../src/site/view";

function theme(overrides: Partial<SiteTheme> = {}): SiteTheme {
  const themed = (c: string) => ({ light: c, dark: c });
  return {
    title: "Handbook",
    theme: "clean",
    primaryColor: themed("#346DDB"),
    infoColor: themed("#787878"),
    successColor: themed("#00C950"),
    warningColor: themed("#FE9A00"),
    dangerColor: themed("#FB2C36"),
    corners: "rounded",
    font: "Inter",
    monospaceFont: "IBMPlexMono",
    defaultMode: "light",
    toggeable: true,
    headerLinks: [],
    footer: { groups: [] },
    locale: "en",
    externalLinksTarget: "self",
    pagination: true,
    ...overrides,
  };
}

const nav = (title: string, extra: Partial<NavPage> = {}): NavPage => ({
  title,
  href: `/~site/site_1/${title.toLowerCase()}`,
  kind: "document",
  current: false,
  open: false,
  children: [],
  ...extra,
});

function site(overrides: Partial<SiteView> = {}, themeOverrides: Partial<SiteTheme> = {}): SiteView {
  return {
    baseHref: "/~site/site_1",
    theme: theme(themeOverrides),
    sections: [],
    variants: [],
    pages: [
      nav("Intro"),
      nav("Guides", {
        kind: "group",
        href: undefined,
        children: [nav("Install", { open: true, children: [nav("Docker", { current: true })] }), nav("Upgrade")],
      }),
      nav("Changelog", { kind: "link", href: "https://example.com/changelog", external: true }),
    ],
    searchHref: "/~site/site_1/search",
    assets: { css: "/~site/_assets/site.abc.css", js: "/~site/_assets/site.def.js" },
    scripts: [],
    ...overrides,
  };
}

function page(overrides: Partial<PageView> = {}): PageView {
  return {
    title: "Docker · Handbook",
    description: "Run it in a container",
    bodyHtml: '<h2 id="run">Run</h2><p>Start it.</p>',
    outline: [{ id: "run", text: "Run", depth: 2 }],
    url: "/~site/site_1/guides/docker",
    markdownUrl: "/~site/site_1/guides/docker.md",
    previous: { title: "Install", href: "/~site/site_1/install" },
    next: { title: "Upgrade", href: "/~site/site_1/upgrade" },
    noIndex: false,
    ...overrides,
  };
}

describe("renderPage", () => {
  it("is a complete document with landmarks, skip link, search form and the page", () => {
    const out = renderPage(site(), page());
    expect(out.startsWith("<!doctype html>")).toBe(true);
    expect(out).toContain('<html lang="en" data-mode="auto">');
    expect(out).toContain('<a class="skip-link" href="#content">');
    expect(out).toContain('<header class="site-header">');
    expect(out).toContain('<nav class="sidebar" aria-label="Site">');
    expect(out).toContain('<main id="content"');
    expect(out).toContain('<nav class="outline" aria-label="On this page">');
    expect(out).toContain('<a href="#run">Run</a>');
    expect(out).toContain('<h1 class="page-title">Docker</h1>');
    expect(out).toContain('<article class="markdown">\n<h2 id="run">Run</h2><p>Start it.</p>\n</article>');
    expect(out).toMatch(/<form class="search" role="search" action="\/~site\/site_1\/search" method="get"/);
    expect(out).toMatch(
      /<label class="visually-hidden" for="site-search">[^<]+<\/label>\s*<input id="site-search" type="search" name="q"/,
    );
    expect(out).toContain('<link rel="stylesheet" href="/~site/_assets/site.abc.css">');
    expect(out).toContain('<script src="/~site/_assets/site.def.js" defer></script>');
    expect(out).toContain('<link rel="canonical" href="/~site/site_1/guides/docker">');
    expect(out).toContain('<link rel="alternate" type="text/markdown" href="/~site/site_1/guides/docker.md">');
    expect(out).toContain('<meta name="description" content="Run it in a container">');
    expect(out).toContain("View as Markdown");
    expect(out).toContain("<title>Docker · Handbook</title>");
    // No inline script: a strict CSP holds.
    expect(out.match(/<script/g)).toHaveLength(1);
  });

  it("marks the current page, opens its branch, shows groups as headings and external links", () => {
    const out = renderPage(site(), page());
    expect(out.match(/aria-current="page"/g)).toHaveLength(1);
    expect(out).toContain('<a href="/~site/site_1/docker" aria-current="page">Docker</a>');
    expect(out).toMatch(/<a href="\/~site\/site_1\/install">Install<\/a><details open><summary>/);
    expect(out).toContain('<h2 class="nav-group-title">Guides</h2>');
    expect(out).toMatch(
      /<a href="https:\/\/example.com\/changelog" rel="noopener">Changelog<span class="external-mark"/,
    );
    const blank = renderPage(site({}, { externalLinksTarget: "blank" }), page());
    expect(blank).toContain('target="_blank" rel="noopener noreferrer"');
  });

  it("says noindex only when the page asks for it", () => {
    expect(renderPage(site(), page({ noIndex: true }))).toContain('<meta name="robots" content="noindex">');
    expect(renderPage(site(), page())).not.toContain("noindex");
  });

  it("escapes every value and drops unsafe URLs", () => {
    const evil = "<script>alert(1)</script>";
    const out = renderPage(
      site(
        {
          pages: [nav(evil, { href: "javascript:alert(1)", current: true })],
          sections: [
            { title: "A", href: "/a", current: true },
            { title: "B", href: " JaVa\tScRiPt:alert(2)", current: false },
          ],
        },
        {
          title: evil,
          headerLinks: [{ title: "x", href: "java\nscript:alert(3)" }],
          footer: { groups: [{ title: "More", links: [{ title: "Data", href: "data:text/html,hi" }] }] },
          announcement: { message: evil, style: "warning", link: { title: "go", href: "vbscript:x" } },
          logo: { light: "javascript:alert(4)", dark: "javascript:alert(4)" },
        },
      ),
      page({ title: `${evil} · x`, description: '"><img src=x onerror=alert(1)>', url: "javascript:alert(5)" }),
    );
    expect(out).not.toContain("<script>alert");
    expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(out).not.toContain("<img src=x");
    expect(out).not.toMatch(/(href|src|action)="\s*(javascript|vbscript|data):/i);
    expect(out).not.toMatch(/(href|src)="[^"]*script:/i);
    expect(out).toContain("<span>x</span>");
  });

  it("renders previous/next when pagination is on, and not when it is off", () => {
    const on = renderPage(site(), page());
    expect(on).toContain('<nav class="pagination" aria-label="Previous and next pages">');
    expect(on).toContain('href="/~site/site_1/install" rel="prev"');
    expect(on).toContain('href="/~site/site_1/upgrade" rel="next"');
    const off = renderPage(site({}, { pagination: false }), page());
    expect(off).not.toContain('class="pagination"');
    expect(off).not.toContain('rel="prev"');
  });

  it("puts the theme's colors, radius and fonts in the style block", () => {
    const out = renderPage(
      site({}, { primaryColor: { light: "#AA0066", dark: "#FF88CC" }, corners: "straight", font: "SourceSansPro" }),
      page(),
    );
    const style = out.match(/<style>([\s\S]*?)<\/style>/)![1]!;
    expect(style).toContain("--primary:#aa0066");
    expect(style).toContain("--primary:#ff88cc");
    expect(style).toContain("--radius:0");
    expect(style).toContain('--font-body:"Source Sans Pro", "SourceSansPro", system-ui');
    expect(style).toContain('--font-mono:"IBM Plex Mono", "IBMPlexMono", ui-monospace');
    expect(style).toContain('@media (prefers-color-scheme: dark){:root[data-mode="auto"]{');
    // A color that is not a color never reaches the style block.
    const bad = renderPage(site({}, { primaryColor: { light: "red;}</style><script>", dark: "#000" } }), page());
    expect(bad).not.toContain("</style><script>");
  });

  it("fixes the mode when visitors may not toggle, and offers the toggle when they may", () => {
    const fixed = renderPage(site({}, { toggeable: false, defaultMode: "dark" }), page());
    expect(fixed).toContain('data-mode="dark"');
    expect(fixed).not.toContain("data-theme-toggle");
    expect(renderPage(site(), page())).toMatch(
      /<button type="button" class="theme-toggle" data-theme-toggle[^>]* hidden>/,
    );
  });

  it("shows section tabs, the variant switcher, header links, the announcement, logo and footer", () => {
    const out = renderPage(
      site(
        {
          sections: [
            { title: "Docs", href: "/~site/site_1", current: true },
            { title: "API", href: "/~site/site_1/api", current: false },
          ],
          variants: [
            { title: "v2", href: "/~site/site_1", current: true },
            { title: "v1", href: "/~site/site_1/v1", current: false },
          ],
        },
        {
          headerLinks: [{ title: "Blog", href: "https://blog.example.com" }],
          announcement: { message: "New release", style: "success", link: { title: "Read", href: "/news" } },
          logo: { light: "/logo.svg", dark: "/logo-dark.svg" },
          footer: { groups: [{ title: "Company", links: [{ title: "About", href: "/about" }] }], copyright: "© Acme" },
        },
      ),
      page(),
    );
    expect(out).toContain('<nav class="section-tabs" aria-label="Sections">');
    expect(out).toContain('<a href="/~site/site_1" aria-current="true">Docs</a>');
    expect(out).toMatch(/<details class="variants"><summary>.*v2<\/summary><ul>/);
    expect(out).toContain('<a href="/~site/site_1/v1">v1</a>');
    expect(out).toContain('<ul class="header-links"><li><a href="https://blog.example.com" rel="noopener">Blog');
    expect(out).toContain(
      '<div class="announcement announcement-success"><p>New release <a href="/news">Read</a></p></div>',
    );
    expect(out).toContain(
      '<img class="logo-light" src="/logo.svg" alt="Handbook"><img class="logo-dark" src="/logo-dark.svg"',
    );
    expect(out).toContain("<footer");
    expect(out).toContain("<h2>Company</h2>");
    expect(out).toContain('<p class="copyright">© Acme</p>');
  });
});

describe("renderSearchPage", () => {
  it("lists the hits with their snippets, the query escaped, and is never indexed", () => {
    const out = renderSearchPage(site(), "<b>docker</b>", [
      { title: "Docker", href: "/~site/site_1/docker", snippetHtml: "Run <mark>docker</mark> here", space: "v2" },
      { title: "Bad <i>", href: "javascript:alert(1)", snippetHtml: "" },
    ]);
    expect(out).toContain("2 results for “&lt;b&gt;docker&lt;/b&gt;”");
    expect(out).not.toContain("<b>docker</b>");
    expect(out).toContain('<ol class="search-results"><li><a href="/~site/site_1/docker">Docker</a>');
    expect(out).toContain("<p>Run <mark>docker</mark> here</p>");
    expect(out).toContain("<span>Bad &lt;i&gt;</span>");
    expect(out).not.toContain("javascript:");
    expect(out).toContain('name="q" value="&lt;b&gt;docker&lt;/b&gt;"');
    expect(out).toContain('<meta name="robots" content="noindex">');
    expect(renderSearchPage(site(), "zzz", [])).toContain("No results for “zzz”");
    expect(renderSearchPage(site(), "", [])).toContain('<h1 class="page-title">Search</h1>');
  });
});

describe("renderNotFound", () => {
  it("works without a site, and in the site's layout with one", () => {
    const bare = renderNotFound(undefined, "No site <here>");
    expect(bare).toContain("<main");
    expect(bare).toContain("<h1>Page not found</h1>");
    expect(bare).toContain("No site &lt;here&gt;");
    expect(bare).toContain('<html lang="en">');
    const inSite = renderNotFound(site(), "Gone");
    expect(inSite).toContain('<nav class="sidebar" aria-label="Site">');
    expect(inSite).toContain("<p>Gone</p>");
    expect(inSite).toContain('href="/~site/site_1"');
    expect(inSite).toContain('content="noindex"');
  });
});

describe("safeHref", () => {
  it("allows http(s), mailto, relative and fragment URLs only", () => {
    for (const ok of ["https://x.test/a", "http://x.test", "mailto:a@b.test", "/a/b", "a/b", "../a", "#top", "?q=1"]) {
      expect(safeHref(ok), ok).toBe(ok);
    }
    for (const bad of [
      "javascript:alert(1)",
      " javascript:x",
      "java\tscript:x",
      "\u0001javascript:x",
      "data:x",
      "vbscript:x",
      "",
      "file:///etc",
    ]) {
      expect(safeHref(bad), JSON.stringify(bad)).toBeUndefined();
    }
  });
});

describe("theme colors", () => {
  it("keep text colors at WCAG AA contrast against the page in both modes, whatever the chosen color", () => {
    for (const color of ["#FE9A00", "#FFFF00", "#777777", "#000000", "#FFFFFF", "#346DDB"]) {
      const t = theme({ primaryColor: { light: color, dark: color }, warningColor: { light: color, dark: color } });
      for (const [mode, bg] of [
        ["light", "#ffffff"],
        ["dark", "#0d1117"],
      ] as const) {
        const vars = modeColors(t, mode);
        for (const name of ["primary", "warning", "danger"]) {
          expect(
            contrast(parseHex(vars[`--${name}-text`])!, parseHex(bg)!),
            `${color} ${mode} ${name}`,
          ).toBeGreaterThanOrEqual(4.5);
          expect(contrast(parseHex(vars[`--${name}-text`])!, parseHex(vars["--primary-soft"])!)).toBeGreaterThanOrEqual(
            4.5,
          );
        }
        expect(contrast(parseHex(vars["--on-primary"])!, parseHex(vars["--primary"])!)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});

describe("assets", () => {
  it("exports the stylesheet and script with content hashes", () => {
    expect(SITE_CSS).toContain(".hint-warning");
    expect(SITE_CSS).toContain(".hljs-keyword");
    expect(SITE_JS).toContain(".json");
    expect(SITE_CSS_HASH).toMatch(/^[0-9a-f]{8}$/);
    expect(SITE_JS_HASH).toBe(contentHash(SITE_JS));
    expect(SITE_CSS_HASH).not.toBe(SITE_JS_HASH);
    // The script parses.
    expect(() => new Function(SITE_JS)).not.toThrow();
  });
});
