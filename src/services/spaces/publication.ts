import { type SQL, sql } from "drizzle-orm";
import type { Statement } from "../../db/batch";
import { type Db, inBatch } from "../../db/client";

/** The visibilities publishing gives a space (README "Visibility follows publishing"). */
export const PUBLISHED_VISIBILITIES = ["public", "unlisted", "share-link", "visitor-auth"] as const;

/**
 * A `spaces` row's visibility as publication makes it (an expression over the outer `spaces` of an UPDATE): the
 * most open of the published sites of `organizationId` holding it, else `private`. Sites of another organization
 * never publish a space, whatever rows they kept. services/spaces/site-publication.ts rides it on site writes;
 * transfers recompute with it.
 */
export function publishedVisibilitySql(organizationId: string): SQL {
  return sql`COALESCE((
      SELECT s.visibility FROM site_spaces ss JOIN sites s ON s.id = ss.site_id
      WHERE ss.space_id = spaces.id AND s.published = 1 AND s.organization_id = ${organizationId}
      ORDER BY CASE s.visibility WHEN 'public' THEN 0 WHEN 'unlisted' THEN 1 WHEN 'share-link' THEN 2 ELSE 3 END
      LIMIT 1), 'private')`;
}

export const isPublished = (visibility: string) => (PUBLISHED_VISIBILITIES as readonly string[]).includes(visibility);

/**
 * A moved space's new `visibility` (the SET value of its transfer's UPDATE, run after
 * `unpublishFromOtherOrganizations`): a published one follows `organizationId`'s sites, a private one stays
 * private; one that showed its collection's (`in-collection`) keeps it unless it lands at the top level.
 */
export function transferredVisibility(organizationId: string, atTopLevel: boolean): SQL {
  return sql`CASE WHEN visibility IN ('public', 'unlisted', 'share-link', 'visitor-auth')
      THEN ${publishedVisibilitySql(organizationId)}
      ${atTopLevel ? sql`WHEN visibility = 'in-collection' THEN 'private'` : sql``}
      ELSE visibility END`;
}

/**
 * The statements that take the spaces `spaceIds` (an SQL list or SELECT of ids) off the sites of every
 * organization but `organizationId`, for a transfer's batch (before the spaces' own update, which recomputes
 * their visibility with `publishedVisibilitySql`): those site spaces' customization overrides, then the sites'
 * and sections' default pointers that named them (moved to the next site space left, as deleteSiteSpaceById
 * does), then the site spaces. A site keeps no trace of a space that left its organization.
 */
export function unpublishFromOtherOrganizations(db: Db, spaceIds: SQL, organizationId: string): Statement[] {
  const leaving = sql`(SELECT id FROM site_spaces WHERE space_id IN (${spaceIds}) AND organization_id <> ${organizationId})`;
  return [
    inBatch(db, db.run(sql`DELETE FROM site_customizations WHERE site_space_id IN ${leaving}`)),
    inBatch(
      db,
      db.run(sql`UPDATE sites SET default_site_space_id = (
          SELECT x.id FROM site_spaces x WHERE x.site_id = sites.id AND x.id NOT IN ${leaving}
          ORDER BY x.sort_key, x.id LIMIT 1)
        WHERE default_site_space_id IN ${leaving}`),
    ),
    inBatch(
      db,
      db.run(sql`UPDATE site_sections SET default_site_space_id = (
          SELECT x.id FROM site_spaces x WHERE x.section_id = site_sections.id AND x.id NOT IN ${leaving}
          ORDER BY x.sort_key, x.id LIMIT 1)
        WHERE default_site_space_id IN ${leaving}`),
    ),
    inBatch(
      db,
      db.run(sql`DELETE FROM site_spaces WHERE space_id IN (${spaceIds}) AND organization_id <> ${organizationId}`),
    ),
  ];
}
