import type { UrlBases } from "../services/core";

/** A site's custom host (`proxy`), once its DNS is verified: where the site is served instead (src/site/hosts.ts). */
export function liveProxy(site: { proxy: string | null; proxyStatus: string | null }) {
  return site.proxyStatus === "live" && site.proxy ? site.proxy : undefined;
}

/**
 * Where a published site is read: on its live custom host (`https://docs.example.com/help`) when the deployment
 * serves custom hosts, else on the deployment's own origin (SITES_URL, or the API's) at `/~site/{siteId}`; under
 * either its sections, site spaces and pages follow the site structure (served by the published-site renderer).
 */
export function publishedSiteUrl(urls: UrlBases, siteId: string, path = "", proxy?: string) {
  const inside = path.split("/").filter(Boolean).join("/");
  const root = urls.customHosts && proxy ? `https://${proxy}` : `${urls.sites ?? urls.api}/~site/${siteId}`;
  return `${root}${inside ? `/${inside}` : ""}`;
}

/** The site's URL that opens a `share-link` site with `key` (the renderer then keeps it in a cookie). */
export function shareLinkUrl(urls: UrlBases, siteId: string, key: string) {
  return `${publishedSiteUrl(urls, siteId)}/?share=${encodeURIComponent(key)}`;
}
