// What the GitBook Open run checks, each in a fresh Chromium context: the HTTP status, what the page shows, and
// that nothing went wrong on the way (console errors, page errors, failed requests, GitBook Open server errors).
import { PAGES, PROXY } from "./seed.mjs";

/** The seeded pages' titles, which GitBook Open's navigation lists. */
const NAV = [PAGES.root.title, PAGES.group.title, PAGES.table.title, PAGES.code.title];

const missing = (text, wanted) => wanted.filter((w) => !text.includes(w));
const expectAll = (what, text, wanted) => {
  const absent = missing(text, wanted);
  return absent.length ? `${what} lacks ${absent.map((w) => JSON.stringify(w)).join(", ")}` : null;
};

/** The texts of `wanted` that are not shown on the page (visible text, not the page's script payloads). */
async function notShown(tab, wanted, role) {
  const absent = [];
  for (const text of wanted) {
    const found = role ? tab.getByRole(role, { name: text, exact: true }) : tab.getByText(text);
    if ((await found.filter({ visible: true }).count()) === 0) absent.push(text);
  }
  return absent;
}

/** An HTML page of the site: its heading, its text, and the navigation linking every top-level page. */
const htmlPage = (page) => async (tab) => {
  const h1 = ((await tab.locator("h1").first().textContent({ timeout: 10_000 })) ?? "").trim();
  if (h1 !== page.title) return `<h1> is ${JSON.stringify(h1)}, not ${JSON.stringify(page.title)}`;
  const absent = [...(await notShown(tab, page.text ? [page.text] : [])), ...(await notShown(tab, NAV, "link"))];
  return absent.length ? `the page does not show ${absent.map((w) => JSON.stringify(w)).join(", ")}` : null;
};

export const CHECKS = [
  { name: "root page", path: "", status: 200, verify: htmlPage(PAGES.root) },
  { name: "nested page (group/child)", path: PAGES.child.path, status: 200, verify: htmlPage(PAGES.child) },
  {
    name: "table page",
    path: PAGES.table.path,
    status: 200,
    verify: async (tab) => {
      const heading = await htmlPage(PAGES.table)(tab);
      if (heading) return heading;
      // GitBook Open renders a GFM table as a grid of cells or as a <table>, depending on its version.
      const table = tab.locator("table, [role=table]").first();
      if (!(await table.count())) return "no <table> (or role=table) in the page";
      return expectAll("the table", (await table.textContent()) ?? "", PAGES.table.cells);
    },
  },
  {
    name: "code page",
    path: PAGES.code.path,
    status: 200,
    verify: async (tab) => {
      const heading = await htmlPage(PAGES.code)(tab);
      if (heading) return heading;
      const code = tab.locator("pre, code").filter({ hasText: "greetQuokka" }).first();
      if (!(await code.count())) return "no code block with the code";
      return expectAll("the code block", ((await code.textContent()) ?? "").replace(/\s+/g, " "), [PAGES.code.code]);
    },
  },
  {
    name: "page markdown (code.md)",
    path: `${PAGES.code.path}.md`,
    kind: "text",
    status: 200,
    verify: async (_tab, text) => expectAll("the markdown", text, [PAGES.code.intro, "```js", PAGES.code.code]),
  },
  {
    name: "llms.txt",
    path: "llms.txt",
    kind: "text",
    status: 200,
    verify: async (_tab, text) =>
      expectAll("llms.txt", text, [...NAV, PAGES.child.title, `${PAGES.table.path}.md`, `${PAGES.child.path}.md`]),
  },
  {
    name: "sitemap.xml",
    path: "sitemap.xml",
    kind: "text",
    status: 200,
    // A sitemap index (GitBook Open's) is followed to its sitemaps, each fetched in the same browser context.
    verify: async (tab, text) => {
      let xml = text;
      if (text.includes("<sitemapindex")) {
        const locs = [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].trim());
        if (!locs.length) return "the sitemap index lists no sitemap";
        const parts = [];
        for (const loc of locs) {
          const res = await tab.context().request.get(loc);
          if (res.status() !== 200) return `${loc} answered ${res.status()}`;
          parts.push(await res.text());
        }
        xml = parts.join("\n");
      }
      if (!xml.includes("<urlset")) return "no <urlset>";
      return expectAll(
        "the sitemap",
        xml,
        [PROXY, PAGES.table.path, PAGES.code.path, PAGES.child.path].map((p, i) => (i === 0 ? p : `${PROXY}/${p}<`)),
      );
    },
  },
  {
    name: "missing page renders GitBook Open's 404",
    path: "no-such-page",
    status: 404,
    verify: async (tab) =>
      (await notShown(tab, ["Page not found"], "heading")).length ? 'no "Page not found" heading' : null,
  },
];
