import { createMiddleware } from "hono/factory";
import { createDb } from "../db/client";
import type { AppEnv } from "../http/app-env";
import { errorBody } from "../http/errors";
import { findProxiedSite, soleProxiedSite } from "../services/published";
import { serveSite } from "./router";

/**
 * The renderer's own stylesheet and script (fingerprinted, no tenant's data), and the custom fonts' files public
 * sites use (src/site/fonts.ts): a custom host's pages may load them.
 */
/** Discovery documents a host's root answers for its only site (src/site/router.ts serves them per site). */
const HOST_ROOT_DISCOVERY = new Set([
  "/.well-known/llms.txt",
  "/.well-known/llms-full.txt",
  "/.well-known/mcp/server-card",
  "/.well-known/mcp/server-card.json",
  "/.well-known/mcp.json",
  "/llms.txt",
  "/llms-full.txt",
]);

const SHARED_ASSETS = /^\/~site\/(?:~assets\/[^/]+|~fonts\/[^/]+\/[^/]+)$/;

/**
 * Custom hosts: a request whose host is not the API's own (`PUBLIC_API_URL`) and is some site's `proxy` host
 * (`docs.example.com/help`) is that organization's alone. Its published, DNS-verified sites are served rooted at
 * their proxy paths; everything else on that host (`/v1`, `/~site/<any site>`, `/openapi.json`, `/reference`,
 * an unverified site) is a 404, so a page there can never reach another site or the API with the visitor's
 * cookies. One indexed D1 round trip decides it, and only for requests to another host; a host that is nobody's
 * falls through to the app as before. Without `PUBLIC_API_URL` every host is the API's and sites answer only
 * at `/~site/{siteId}`.
 */
export const customHosts = createMiddleware<AppEnv>(async (c, next) => {
  const api = c.env.PUBLIC_API_URL;
  if (!api) return next();
  const url = new URL(c.req.url);
  let apiHost: string;
  try {
    apiHost = new URL(api).host;
  } catch {
    return next();
  }
  if (url.host === apiHost) return next();
  // Before the site lookup: a site proxied at the host's root would otherwise take these paths as its pages.
  if (SHARED_ASSETS.test(url.pathname) && (c.req.method === "GET" || c.req.method === "HEAD")) return next();
  const proxied = await findProxiedSite(createDb(c.env.DB), url.hostname, url.pathname);
  if (!proxied) return next();
  if (proxied.site) return serveSite(c, proxied.site.siteId, proxied.site.base);
  // Agents look for these at a host's root: a host with one site under a path answers them as that site.
  if (HOST_ROOT_DISCOVERY.has(url.pathname) && (c.req.method === "GET" || c.req.method === "HEAD")) {
    const sole = await soleProxiedSite(createDb(c.env.DB), url.hostname);
    if (sole) return serveSite(c, sole.siteId, sole.base, url.pathname);
  }
  return c.json(errorBody(404, `Nothing is published at ${url.pathname} on ${url.hostname}`), 404);
});
