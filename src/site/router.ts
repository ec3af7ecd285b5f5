import { type Context, Hono } from "hono";
import { fileKey } from "../content/files";
import { limitAnonymousByAddress, limitByAddress } from "../http/address-limit";
import { beaconOrigin } from "./beacon";
import type { AppEnv } from "../http/app-env";
import { siteRedirectTarget } from "../services/published";
import { readFile } from "../services/revisions";
import { SITE_CSS, SITE_CSS_HASH, SITE_JS, SITE_JS_HASH } from "./assets";
import { SITE_CSP, siteCsp } from "./csp";
import { serveFontFile, serveSiteFontFile } from "./fonts";
import { renderNotFound } from "./layout";
import { MCP_PATH, SERVER_CARD_PATH } from "./agent-links";
import { serverCard } from "./discovery";
import { llmsFull, llmsIndex, robots, sitemap } from "./machines";
import { prefersMarkdown } from "../lib/accept";
import { pageResponse, siteScripts, siteView } from "./page";
import { searchResponse } from "./search";
import { recordServed } from "./served";
import { serveSignIn } from "./sign-in";
import { openSite, type Visit } from "./visit";

/**
 * The published-site renderer, on the deployment's own origin: `/~site/{siteId}/…` serves a published site's
 * pages (and `.md` twins), search, files, custom fonts' files (`~fonts/`, to the site's visitors), sitemap.xml,
 * robots.txt, llms.txt and llms-full.txt; `/~site/~assets/` its stylesheet and script (fingerprinted, cached for
 * good); `/~site/~fonts/` the custom font files public sites use (by hash). Custom hosts reach the same through `serveSite`
 * (src/site/hosts.ts).
 */
export const siteRouter = new Hono<AppEnv>();

const ASSETS: Record<string, { body: string; type: string }> = {
  [`site.${SITE_CSS_HASH}.css`]: { body: SITE_CSS, type: "text/css; charset=utf-8" },
  [`site.${SITE_JS_HASH}.js`]: { body: SITE_JS, type: "text/javascript; charset=utf-8" },
};

/** The renderer's stylesheet or script, `/~site/~assets/{name}`. */
export function serveSiteAsset(c: Context<AppEnv>, name: string) {
  const asset = ASSETS[name];
  if (!asset) return c.text("Not found", 404);
  return c.body(asset.body, 200, {
    "Content-Type": asset.type,
    "Cache-Control": "public, max-age=31536000, immutable",
  });
}

siteRouter.get("/~site/~assets/:name", limitAnonymousByAddress, (c) => serveSiteAsset(c, c.req.param("name")));
// Custom fonts' files (src/site/fonts.ts): no site of their own, so before the site routes.
siteRouter.get("/~site/~fonts/:organizationId/:file", limitAnonymousByAddress, (c) =>
  serveFontFile(c, new URL(c.req.url).pathname),
);
// A site's MCP server (src/site/mcp) takes POST (and answers GET/DELETE itself): the only non-GET site path.
siteRouter.on(["POST", "DELETE"], `/~site/:siteId${MCP_PATH}`, (c) =>
  serveSite(c, c.req.param("siteId"), `/~site/${c.req.param("siteId")}`),
);
siteRouter.get("/~site/:siteId/*", (c) => serveSite(c, c.req.param("siteId"), `/~site/${c.req.param("siteId")}`));
siteRouter.get("/~site/:siteId", (c) => serveSite(c, c.req.param("siteId"), `/~site/${c.req.param("siteId")}`));

/**
 * Serves a published site whose root is at `base` on this request's host: the path after it names a page (or
 * its `.md` twin), or one of the site's own files (robots.txt, sitemap.xml, llms.txt, llms-full.txt, `~search`,
 * `~search.json`, `~files/{siteSpaceId}/{fileId}`, `~fonts/{sha256}.{ext}`), or its MCP server (`~gitbook/mcp`).
 */
export async function serveSite(
  c: Context<AppEnv>,
  siteId: string,
  base: string,
  // What is asked of the site: the path after its base, or one of its files asked at the host's root.
  rest = new URL(c.req.url).pathname.slice(base.length),
): Promise<Response> {
  // The MCP server opens the site with its own credentials (bearer tokens, no cookies); loaded on first use.
  if (rest === MCP_PATH) return (await import("./mcp")).serveMcp(c, siteId, base);
  // Anonymous and before authentication: under the per-address limiter, on /~site/ and on custom hosts alike.
  await limitByAddress(c.env, c.req.header("cf-connecting-ip"));
  // Signing in through the site's identity provider (src/site/sign-in.ts), before the site is opened.
  if (rest.startsWith("/~auth/")) return serveSignIn(c, siteId, base, rest);
  const visit = await openSite(c, siteId, base);
  if (visit instanceof Response) return withPolicy(visit, SITE_CSP);
  const response = withPolicy(
    (await dispatch(c, visit, rest)) ?? c.html(renderNotFound(siteView(visit), "This page does not exist."), 404),
    siteCsp(siteScripts(visit), beaconOrigin(c)),
  );
  for (const cookie of visit.cookies) response.headers.append("Set-Cookie", cookie);
  recordServed(c, visit, rest, response);
  if (visit.preview) {
    response.headers.set("Cache-Control", "private, no-store");
    response.headers.set("X-Robots-Tag", "noindex");
  }
  return response;
}

function withPolicy(response: Response, policy: string) {
  if (response.headers.get("Content-Type")?.startsWith("text/html")) {
    response.headers.set("Content-Security-Policy", policy);
  }
  return response;
}

async function dispatch(c: Context<AppEnv>, visit: Visit, rest: string): Promise<Response | undefined> {
  switch (rest) {
    case "/robots.txt":
      return robots(c, visit);
    case "/sitemap.xml":
      return sitemap(c, visit);
    case "/llms.txt":
    case "/.well-known/llms.txt":
      return llmsIndex(c, visit);
    case "/llms-full.txt":
    case "/.well-known/llms-full.txt":
      return llmsFull(c, visit);
    case SERVER_CARD_PATH:
    case `${SERVER_CARD_PATH}.json`:
    case "/.well-known/mcp.json":
      return serverCard(c, visit);
    case "/~search":
      return searchResponse(c, visit, false);
    case "/~search.json":
      return searchResponse(c, visit, true);
  }
  const part = /^\/llms-full\.txt\/([1-9]\d{0,5})$/.exec(rest);
  if (part) return llmsFull(c, visit, Number(part[1]));
  const file = /^\/~files\/([^/]+)\/([^/]+)$/.exec(rest);
  if (file) return fileResponse(c, visit, file[1]!, file[2]!);
  const font = /^\/~fonts\/([^/]+)$/.exec(rest);
  if (font) return serveSiteFontFile(c, visit, font[1]!);
  let path: string;
  try {
    path = decodeURIComponent(rest);
  } catch {
    return undefined;
  }
  const twin = path.endsWith(".md");
  const segments = (twin ? path.slice(0, -3) : path).split("/").filter(Boolean);
  const form = twin ? "twin" : prefersMarkdown(c.req.header("Accept")) ? "markdown" : "html";
  const page = await pageResponse(c, visit, segments, form);
  if (page) return page;
  // An old URL the site redirects: 301 to where the redirect points.
  const target = await siteRedirectTarget(visit.ctx, visit.data, `/${segments.join("/")}`, visit.visible);
  return target === undefined ? undefined : c.redirect(`${visit.base}${target}`, 301);
}

/** A file of a site space's revision (images in pages), streamed from R2. */
async function fileResponse(c: Context<AppEnv>, visit: Visit, siteSpaceId: string, fileId: string) {
  const siteSpace = visit.data.siteSpaces.find((s) => s.id === siteSpaceId && visit.visible(s));
  // A site space of a section the visitor's claims hide is hidden with it.
  const section = siteSpace?.sectionId ? visit.data.sections.find((s) => s.id === siteSpace.sectionId) : undefined;
  if (!siteSpace || (section && !visit.visible(section))) return undefined;
  const target = { kind: "revision" as const, revisionId: siteSpace.revisionId };
  const file = await readFile(visit.ctx, siteSpace.spaceId, target, fileId).catch(() => undefined);
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
}
