import type { SiteRedirectRow } from "../services/sites";
import type { SiteRedirect } from "../wire/site-redirect";

/** A SiteRedirect of the reference: its source path and where it leads (a section, site space or page). */
export function presentSiteRedirect(row: SiteRedirectRow): SiteRedirect {
  return {
    object: "site-redirect" as const,
    id: row.id,
    source: row.source,
    destination: row.destination,
  };
}
