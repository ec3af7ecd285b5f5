import { createMiddleware } from "hono/factory";
import { createDb } from "../db/client";
import type { AppEnv } from "../http/app-env";
import { findProxiedSite } from "../services/published";
import { serveSite } from "./router";

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
  const site = await findProxiedSite(createDb(c.env.DB), url.host, url.pathname);
  if (!site) return next();
  return serveSite(c, site.siteId, site.base);
});
