import { sql } from "drizzle-orm";
import { inBatch } from "../../db/client";
import { batch } from "../../db/batch";
import type { ServiceContext } from "../core";
import { searchSite } from "./site-search";

/** How many index rows of each of the site's spaces the warm-up reads: the first pages a search walks. */
const WARM_ROWS_PER_SPACE = 64;

/**
 * prewarmSiteSearch: a hint that a visitor opened the site's search. Whoever may search the site may send it
 * (searchSite's rules, 401/404 alike: an empty query checks access and searches nothing). Quire keeps no search
 * results per site in the isolate to prepare, so the warm-up is of what the first search reads: the site's live
 * spaces' index rows (a bounded number per space, so the cost does not grow with the spaces), in one round trip.
 */
export async function prewarmSiteSearch(ctx: ServiceContext, organizationId: string, siteId: string) {
  await searchSite(ctx, organizationId, siteId, { query: "", limit: 0, scope: { mode: "all" } });
  await batch(ctx.db, [
    inBatch(
      ctx.db,
      ctx.db.all(sql`SELECT count(*) AS n FROM (
          SELECT s.id FROM site_spaces ss JOIN spaces sp ON sp.id = ss.space_id AND sp.deleted_at IS NULL
            AND sp.organization_id = ${organizationId}
          JOIN search_sections s ON s.id IN (
            SELECT id FROM search_sections WHERE space_id = sp.id LIMIT ${WARM_ROWS_PER_SPACE})
          WHERE ss.site_id = ${siteId})`),
    ),
  ]);
}
