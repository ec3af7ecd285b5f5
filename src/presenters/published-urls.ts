import type { UrlBases } from "../services/core";

/**
 * Where a published site is read on the deployment's own origin (SITES_URL, or the API's): `/~site/{siteId}`, under
 * which its sections, site spaces and pages follow the site structure (served by the published-site renderer).
 */
export function publishedSiteUrl(urls: UrlBases, siteId: string, path = "") {
  const inside = path.split("/").filter(Boolean).join("/");
  return `${urls.sites ?? urls.api}/~site/${siteId}${inside ? `/${inside}` : ""}`;
}

/** The site's URL that opens a `share-link` site with `key` (the renderer then keeps it in a cookie). */
export function shareLinkUrl(urls: UrlBases, siteId: string, key: string) {
  return `${publishedSiteUrl(urls, siteId)}/?share=${encodeURIComponent(key)}`;
}
