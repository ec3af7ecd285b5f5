/** The URL bases a published site's address depends on (services/core UrlBases has them). */
interface SiteUrlBases {
  api: string;
  sites?: string;
  customHosts?: boolean;
}

/**
 * Where a published site is read: on its live custom host (`https://docs.example.com/help`) when the deployment
 * serves custom hosts, else on the deployment's own origin (SITES_URL, or the API's) at `/~site/{siteId}`; under
 * either its sections, site spaces and pages follow the site structure (served by the published-site renderer).
 * In lib so that services (grounded answers cite page URLs) and presenters share it.
 */
export function publishedSiteUrl(urls: SiteUrlBases, siteId: string, path = "", proxy?: string) {
  const inside = path.split("/").filter(Boolean).join("/");
  const root = urls.customHosts && proxy ? `https://${proxy}` : `${urls.sites ?? urls.api}/~site/${siteId}`;
  return `${root}${inside ? `/${inside}` : ""}`;
}
