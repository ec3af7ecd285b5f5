import { and, eq, inArray } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { createDb } from "../db/client";
import { sites } from "../db/schema";
import type { AppEnv } from "../http/app-env";
import { serveSite } from "./router";

/** How deep a proxy path may be (`host/a/b/c/d`): the candidates one request looks up. */
const MAX_PROXY_DEPTH = 5;

/**
 * Custom hosts: a request whose host is not the API's own (`PUBLIC_API_URL`) and whose host and leading path
 * segments are a published site's `proxy` (`docs.example.com/help`) is served as that site, rooted at the
 * proxy's path. One indexed D1 read decides it, and only for requests to another host; without
 * `PUBLIC_API_URL` every host is the API's and sites answer only at `/~site/{siteId}`.
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
  const segments = url.pathname.split("/").filter(Boolean).slice(0, MAX_PROXY_DEPTH);
  const candidates = segments.map((_, i) => `${url.host}/${segments.slice(0, i + 1).join("/")}`);
  if (!candidates.length) return next();
  const found = await createDb(c.env.DB)
    .select({ id: sites.id, proxy: sites.proxy })
    .from(sites)
    .where(and(inArray(sites.proxy, candidates), eq(sites.published, true)));
  const site = found.sort((a, b) => (b.proxy?.length ?? 0) - (a.proxy?.length ?? 0))[0];
  if (!site?.proxy) return next();
  return serveSite(c, site.id, site.proxy.slice(url.host.length));
});
