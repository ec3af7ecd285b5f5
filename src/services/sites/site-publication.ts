import { sql } from "drizzle-orm";
import { type Db, inBatch } from "../../db/client";

/**
 * The statement that keeps `spaces.visibility` following publication, to ride (last) the batch of every write
 * that can change it: publishing, unpublishing, a site's visibility, adding, re-pointing or removing site
 * spaces, deleting sections and sites. A space takes the most open visibility among the published sites that
 * hold it (public, unlisted, share-link, visitor-auth), else `private`. Space reads then decide anonymous
 * access from the space row alone, with no join on the read path.
 *
 * Only the organization's spaces that are published now, or are held by `siteId`, are recomputed: a write
 * costs O(published spaces), never O(spaces).
 */
export function refreshPublishedSpaces(db: Db, organizationId: string, siteId: string) {
  return inBatch(
    db,
    db.run(sql`UPDATE spaces SET visibility = COALESCE((
      SELECT s.visibility FROM site_spaces ss JOIN sites s ON s.id = ss.site_id
      WHERE ss.space_id = spaces.id AND s.published = 1
      ORDER BY CASE s.visibility WHEN 'public' THEN 0 WHEN 'unlisted' THEN 1 WHEN 'share-link' THEN 2 ELSE 3 END
      LIMIT 1), 'private')
    WHERE spaces.organization_id = ${organizationId}
      AND (spaces.visibility IN ('public', 'unlisted', 'share-link', 'visitor-auth')
        OR spaces.id IN (SELECT space_id FROM site_spaces WHERE site_id = ${siteId}))`),
  );
}
