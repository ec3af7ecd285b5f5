import type { Context } from "hono";
import { pagePath } from "../content/model";
import type { AppEnv } from "../http/app-env";
import { siteSpacePrefix, siteSpacesAt, visibleSections } from "../services/published";
import { readExpanded, readPage } from "../services/revisions";
import { MCP_PATH, mcpEnabled } from "./agent-links";
import { readingOrder } from "./navigation";
import { fromSharedCache, rendered, toSharedCache } from "./page";
import type { Visit } from "./visit";

/** Every site space a visitor sees, in structure order (sections first, then their variants). */
function siteSpacesOf(visit: Visit) {
  const { data, visible } = visit;
  if (!data.sections.length) return siteSpacesAt(data, null, visible);
  return visibleSections(data, visible).flatMap((section) => siteSpacesAt(data, section.id, visible));
}

/** Each site space's pages in reading order, with their published URLs (absolute). */
async function sitePages(c: Context<AppEnv>, visit: Visit) {
  const origin = new URL(c.req.url).origin;
  return Promise.all(
    siteSpacesOf(visit).map(async (siteSpace) => {
      const target = { kind: "revision" as const, revisionId: siteSpace.revisionId };
      const { snapshot, generated } = await readExpanded(visit.ctx, siteSpace.spaceId, target, {
        computed: true,
        notices: true,
      });
      const prefix = siteSpacePrefix(visit.data, siteSpace, visit.visible);
      const base = `${origin}${visit.base}${prefix ? `/${prefix}` : ""}`;
      const pages = readingOrder(snapshot).map((page) => ({ page, url: `${base}/${pagePath(snapshot, page.id)}` }));
      return { siteSpace, target, pages, generated };
    }),
  );
}

/** robots.txt: public sites may be crawled (with their sitemap); every other visibility asks robots to stay out. */
export function robots(c: Context<AppEnv>, visit: Visit) {
  const base = `${new URL(c.req.url).origin}${visit.base}`;
  const body =
    visit.data.site.visibility === "public"
      ? `User-agent: *\nAllow: /\n\nSitemap: ${base}/sitemap.xml\n`
      : "User-agent: *\nDisallow: /\n";
  return c.text(body, 200, { "Cache-Control": "public, max-age=300" });
}

const xmlEscape = (s: string) =>
  s.replace(/[<>&'"]/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[ch]!);

/** sitemap.xml: the pages of a public site, those marked noIndex left out; other sites have none (404). */
export async function sitemap(c: Context<AppEnv>, visit: Visit) {
  if (visit.data.site.visibility !== "public") return c.text("This site is not indexed.", 404);
  const spaces = await sitePages(c, visit);
  const urls = spaces.flatMap((s) =>
    s.pages.filter(({ page }) => !page.noIndex && !page.noRobotsIndex).map(({ page, url }) => ({ page, url })),
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map(({ page, url }) => `<url><loc>${xmlEscape(url)}</loc><lastmod>${new Date(page.updatedAt).toISOString()}</lastmod></url>`).join("\n")}
</urlset>
`;
  return c.body(body, 200, {
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": "public, max-age=300",
  });
}

/** llms.txt: the site's pages, grouped by site space, each with its markdown URL (llmstxt.org). */
export async function llmsIndex(c: Context<AppEnv>, visit: Visit) {
  const spaces = await sitePages(c, visit);
  const root = `${new URL(c.req.url).origin}${visit.base}`;
  const lines = [
    `# ${visit.data.site.title}`,
    "",
    `> Every page as markdown (each link below). All pages' text: ${root}/llms-full.txt (in parts of ${LLMS_FULL_WINDOW} pages).${mcpEnabled(visit) ? ` MCP server (Streamable HTTP): ${root}${MCP_PATH}` : ""}`,
    "",
  ];
  for (const { siteSpace, pages } of spaces) {
    lines.push(`## ${siteSpace.spaceTitle}`, "");
    for (const { page, url } of pages) {
      lines.push(`- [${page.title}](${url}.md)${page.description ? `: ${page.description}` : ""}`);
    }
    lines.push("");
  }
  return c.text(lines.join("\n"), 200, { "Content-Type": "text/plain; charset=utf-8" });
}

/** Pages in one window of llms-full.txt: `llms-full.txt` is the first, `llms-full.txt/2` the next, and so on. */
export const LLMS_FULL_WINDOW = 100;
/** Bound on one window's text: pages past it are listed by their markdown URL only. */
const MAX_WINDOW_BYTES = 5 * 1024 * 1024;

/** The URL of window `n` (1-based) of the site's llms-full.txt. */
const windowUrl = (root: string, n: number) => `${root}/llms-full.txt${n > 1 ? `/${n}` : ""}`;

/**
 * llms-full.txt, window `n`: the markdown of pages `(n-1)*100+1`…`n*100` in reading order, with pointers to the
 * windows before and after; undefined (404) past the last. Each window reads up to LLMS_FULL_WINDOW bodies, so
 * it is kept like rendered pages (the isolate's LRU, then the Cache API), keyed by what it shows: the origin and
 * base its URLs use, the site's version, each shown site space's revision (and computed specs), the visitor's
 * segment (what their claims hide) and the window.
 */
export async function llmsFull(c: Context<AppEnv>, visit: Visit, n = 1) {
  const type = "text/plain; charset=utf-8";
  const key = [
    "llms-full",
    new URL(c.req.url).origin,
    visit.base,
    visit.data.site.id,
    visit.data.version,
    ...siteSpacesOf(visit).map((s) => `${s.id}:${s.revisionId}:${s.computedSpecs ?? ""}`),
    visit.segment,
    `window:${n}`,
  ].join("|");
  const cached = rendered.get(key) ?? (await fromSharedCache(key));
  if (cached) {
    rendered.set(key, cached);
    return c.text(cached.body, 200, { "Content-Type": cached.type });
  }
  const body = await llmsFullText(c, visit, n);
  if (body === undefined) return undefined;
  rendered.set(key, { body, type });
  toSharedCache(c, key, { body, type });
  return c.text(body, 200, { "Content-Type": type });
}

async function llmsFullText(c: Context<AppEnv>, visit: Visit, n: number) {
  const spaces = await sitePages(c, visit);
  const all = spaces.flatMap((space) => space.pages.map((entry) => ({ ...entry, space })));
  const windows = Math.max(1, Math.ceil(all.length / LLMS_FULL_WINDOW));
  if (n < 1 || n > windows) return undefined;
  const root = `${new URL(c.req.url).origin}${visit.base}`;
  const first = (n - 1) * LLMS_FULL_WINDOW;
  const shown = all.slice(first, first + LLMS_FULL_WINDOW);
  const next = n < windows ? `Next: ${windowUrl(root, n + 1)}` : "This is the last part.";
  const parts = [
    `# ${visit.data.site.title}`,
    "",
    windows > 1
      ? `> Part ${n} of ${windows}: pages ${first + 1}–${first + shown.length} of ${all.length}. ${next}`
      : `> All ${all.length} pages. Index: ${root}/llms.txt`,
    "",
  ];
  let bytes = 0;
  for (const { page, url, space } of shown) {
    if (bytes > MAX_WINDOW_BYTES) {
      parts.push(`- [${page.title}](${url}.md)`);
      continue;
    }
    const markdown =
      space.generated.get(page.id) ??
      (await readPage(visit.ctx, space.siteSpace.spaceId, space.target, { id: page.id })).markdown ??
      "";
    const section = `# ${page.title}\n\nSource: ${url}\n\n${markdown}\n`;
    parts.push(section);
    bytes += section.length;
  }
  if (windows > 1) {
    if (n > 1) parts.push(`Previous: ${windowUrl(root, n - 1)}`);
    parts.push(next);
  }
  return parts.join("\n");
}
