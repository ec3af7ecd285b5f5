import { type Context, Hono } from "hono";
import type { AppEnv } from "../http/app-env";
import { siteRedirectTarget } from "../services/published";
import { readFile } from "../services/revisions";
import { fileKey } from "../content/files";
import { SITE_CSS, SITE_CSS_HASH, SITE_JS, SITE_JS_HASH } from "./assets";
import { renderNotFound } from "./layout";
import { llmsFull, llmsIndex, robots, sitemap } from "./machines";
import { pageResponse, siteView } from "./page";
import { searchResponse } from "./search";
import { openSite, type Visit } from "./visit";

/**
 * The published-site renderer, on the deployment's own origin: `/~site/{siteId}/…` serves a published site's
 * pages (and `.md` twins), search, files, sitemap.xml, robots.txt, llms.txt and llms-full.txt; `/~site/~assets/`
 * its stylesheet and script (fingerprinted, cached for good).
 */
export const siteRouter = new Hono<AppEnv>();

/**
 * Published pages load only what the Worker serves: its stylesheet and script, images from the site and (for
 * logos and favicons set in the customization) https; inline styles for the theme's custom properties.
 */
const SITE_CSP =
  "default-src 'self'; img-src 'self' https: data:; style-src 'self' 'unsafe-inline'; script-src 'self'; " +
  "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'";

siteRouter.use("/~site/*", async (c, next) => {
  await next();
  if (c.res.headers.get("Content-Type")?.startsWith("text/html")) c.res.headers.set("Content-Security-Policy", SITE_CSP);
});

const ASSETS: Record<string, { body: string; type: string }> = {
  [`site.${SITE_CSS_HASH}.css`]: { body: SITE_CSS, type: "text/css; charset=utf-8" },
  [`site.${SITE_JS_HASH}.js`]: { body: SITE_JS, type: "text/javascript; charset=utf-8" },
};

siteRouter.get("/~site/~assets/:name", (c) => {
  const asset = ASSETS[c.req.param("name")];
  if (!asset) return c.text("Not found", 404);
  return c.body(asset.body, 200, {
    "Content-Type": asset.type,
    "Cache-Control": "public, max-age=31536000, immutable",
  });
});

/** Opens the site for the visitor, then runs `serve`; the site's not-found page when `serve` finds nothing. */
async function withSite(c: Context<AppEnv>, serve: (visit: Visit) => Promise<Response | undefined>) {
  const visit = await openSite(c, c.req.param("siteId") ?? "");
  if (visit instanceof Response) return visit;
  const response = await serve(visit);
  if (response) return response;
  return c.html(renderNotFound(siteView(visit), "This page does not exist."), 404);
}

siteRouter.get("/~site/:siteId/robots.txt", (c) => withSite(c, async (visit) => robots(c, visit)));
siteRouter.get("/~site/:siteId/sitemap.xml", (c) => withSite(c, (visit) => sitemap(c, visit)));
siteRouter.get("/~site/:siteId/llms.txt", (c) => withSite(c, (visit) => llmsIndex(c, visit)));
siteRouter.get("/~site/:siteId/llms-full.txt", (c) => withSite(c, (visit) => llmsFull(c, visit)));
siteRouter.get("/~site/:siteId/~search", (c) => withSite(c, (visit) => searchResponse(c, visit, false)));
siteRouter.get("/~site/:siteId/~search.json", (c) => withSite(c, (visit) => searchResponse(c, visit, true)));

siteRouter.get("/~site/:siteId/~files/:siteSpaceId/:fileId", (c) =>
  withSite(c, async (visit) => {
    const siteSpace = visit.data.siteSpaces.find((s) => s.id === c.req.param("siteSpaceId"));
    if (!siteSpace) return undefined;
    const target = { kind: "revision" as const, revisionId: siteSpace.revisionId };
    const file = await readFile(visit.ctx, siteSpace.spaceId, target, c.req.param("fileId")).catch(() => undefined);
    if (!file) return undefined;
    const etag = `"${file.hash}"`;
    const headers = new Headers({
      ETag: etag,
      "Cache-Control": visit.data.site.visibility === "public" ? "public, max-age=3600" : "private, max-age=3600",
      // Uploaded content (SVG, HTML) must never run as this origin's script.
      "Content-Security-Policy": "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
      "X-Content-Type-Options": "nosniff",
    });
    if (c.req.header("If-None-Match") === etag) return new Response(null, { status: 304, headers });
    const object = await c.env.STORAGE.get(fileKey(siteSpace.spaceId, file.hash));
    if (!object) return undefined;
    headers.set("Content-Type", file.contentType || "application/octet-stream");
    headers.set("Content-Length", String(object.size));
    return new Response(object.body, { status: 200, headers });
  }),
);

/** Pages: `/~site/{siteId}/{section}/{variant}/{page path}`, defaults elided; `.md` for the markdown twin. */
siteRouter.get("/~site/:siteId/*", (c) => servePage(c));
siteRouter.get("/~site/:siteId", (c) => servePage(c));

function servePage(c: Context<AppEnv>) {
  return withSite(c, async (visit) => {
    const base = `/~site/${visit.data.site.id}`;
    const rest = decodeURIComponent(new URL(c.req.url).pathname.slice(base.length));
    const asMarkdown = rest.endsWith(".md");
    const path = asMarkdown ? rest.slice(0, -3) : rest;
    const segments = path.split("/").filter(Boolean);
    const page = await pageResponse(c, visit, segments, asMarkdown);
    if (page) return page;
    // An old URL the site redirects: 301 to where the redirect points.
    const target = await siteRedirectTarget(visit.ctx, visit.data, `/${segments.join("/")}`, visit.visible);
    return target === undefined ? undefined : c.redirect(`${base}${target}`, 301);
  });
}
