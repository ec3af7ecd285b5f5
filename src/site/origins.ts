import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/app-env";
import { limitByAddress } from "../http/address-limit";
import { serveFontFile } from "./fonts";
import { serveSite, serveSiteAsset } from "./router";

/*
 * Origins of their own (INTEGRATIONS_URL, SITES_URL; README, Configuration). Unset, everything is served on every
 * host, as before. Set, integrations' public endpoints and published scripts are served only on the integrations
 * origin's host and published sites (`/~site/…`) only on the sites origin's host, and each of those hosts serves
 * nothing else: what an integration answers never shares an origin with the sites, nor a site with the API.
 */

/** The paths of integrations' public endpoints and published scripts (routes/integrations/). */
const INTEGRATION_CONTENT =
  /^\/v1\/integrations\/[^/]+\/(?:public(?:\/.*)?|installations\/[^/]+\/(?:public(?:\/.*)?|(?:spaces|sites)\/[^/]+\/script\.js))$/;
const SITE_PATH = /^\/~site(?:\/|$)/;
const SITE = /^\/~site\/([^/]+)(?:\/.*)?$/;

function hostOf(origin: string | undefined) {
  if (!origin) return undefined;
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

function ownHost(origin: string | undefined, api: string | undefined) {
  const host = hostOf(origin);
  return host === api ? undefined : host;
}

/** Registered before the custom hosts: the sites host is served here, without the custom host's lookup. */
export const separateOrigins = createMiddleware<AppEnv>(async (c, next) => {
  // One set to the API's own host separates nothing: ignored here (the API keeps serving everything there).
  const api = hostOf(c.env.PUBLIC_API_URL);
  const integrations = ownHost(c.env.INTEGRATIONS_URL, api);
  const sites = ownHost(c.env.SITES_URL, api);
  if (!integrations && !sites) return next();
  const url = new URL(c.req.url);
  const path = url.pathname;
  if (url.host === integrations) return INTEGRATION_CONTENT.test(path) ? next() : c.text("Not found", 404);
  if (integrations && INTEGRATION_CONTENT.test(path)) return c.text("Not found", 404);
  if (url.host === sites) {
    const site = SITE.exec(path);
    if (!site) return c.text("Not found", 404);
    if (site[1] === "~assets") {
      await limitByAddress(c.env, c.req.header("cf-connecting-ip"));
      return serveSiteAsset(c, path.slice("/~site/~assets/".length));
    }
    if (site[1] === "~fonts") {
      await limitByAddress(c.env, c.req.header("cf-connecting-ip"));
      return serveFontFile(c, path);
    }
    return serveSite(c, site[1]!, `/~site/${site[1]}`);
  }
  if (sites && SITE_PATH.test(path)) return c.text("Not found", 404);
  return next();
});
