import type { Context } from "hono";
import type { AppEnv } from "../http/app-env";
import { urlBases } from "../http/context";
import type { SiteLocation } from "../services/published";
import type { Beacon } from "./view";
import type { Visit } from "./visit";

/**
 * The page's first-party insights beacon: where the site's own script posts a page view (trackEventsInSiteById
 * on Quire's API), with the ids that place it. Only on sites open to anyone (public, unlisted): a share-link or
 * visitor-auth site's credentials are HttpOnly cookies of its path, which the script cannot send to /v1, and a
 * preview is nobody's page view. No cookie and no third party: the script keeps its ids in the browser's storage.
 */
export function beaconOf(c: Context<AppEnv>, visit: Visit, location: SiteLocation, pageId: string): Beacon | undefined {
  const { site } = visit.data;
  if (visit.preview || (site.visibility !== "public" && site.visibility !== "unlisted")) return undefined;
  return {
    endpoint: `${urlBases(c).api}/v1/orgs/${site.organizationId}/sites/${site.id}/insights/events`,
    ...(location.section ? { siteSection: location.section.id } : {}),
    siteSpace: location.siteSpace.id,
    space: location.siteSpace.spaceId,
    page: pageId,
  };
}

/** The API's origin when the page is served from another one (a custom host, SITES_URL): CSP's connect-src. */
export function beaconOrigin(c: Context<AppEnv>): string | undefined {
  const api = new URL(urlBases(c).api).origin;
  return api === new URL(c.req.url).origin ? undefined : api;
}
