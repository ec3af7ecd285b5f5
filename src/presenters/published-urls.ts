import { publishedSiteUrl } from "../lib/site-urls";
import type { UrlBases } from "../services/core";

/** A site's custom host (`proxy`), once its DNS is verified: where the site is served instead (src/site/hosts.ts). */
export function liveProxy(site: { proxy: string | null; proxyStatus: string | null }) {
  return site.proxyStatus === "live" && site.proxy ? site.proxy : undefined;
}

export { publishedSiteUrl };

/** The site's URL that opens a `share-link` site with `key` (the renderer then keeps it in a cookie). */
export function shareLinkUrl(urls: UrlBases, siteId: string, key: string) {
  return `${publishedSiteUrl(urls, siteId)}/?share=${encodeURIComponent(key)}`;
}
