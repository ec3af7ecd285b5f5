import type { SiteRedirectRow } from "../services/sites";

/** A SiteRedirect of the reference: its source path and where it leads (a section, site space or page). */
export function presentSiteRedirect(row: SiteRedirectRow) {
  return {
    object: "site-redirect" as const,
    id: row.id,
    source: row.source,
    destination: row.destination,
  };
}
