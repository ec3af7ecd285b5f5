import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { type Db, inBatch } from "../../db/client";
import { publishedVisibilitySql } from "./publication";

/**
 * The statement that keeps `spaces.visibility` following publication, to ride (last) the batch of every write
 * that can change it: publishing, unpublishing, a site's visibility, adding, re-pointing or removing site
 * spaces, deleting sections and sites. A space takes the most open visibility among the published sites that
 * hold it (public, unlisted, share-link, visitor-auth), else `private` (spaces/publication.ts: only sites of the
 * space's organization count; transfers recompute it with the same expression). Space reads then decide anonymous
 * access from the space row alone, with no join on the read path.
 *
 * Only the organization's spaces that are published now, or are held by `siteId`, are recomputed: a write
 * costs O(published spaces), never O(spaces).
 */
export function refreshPublishedSpaces(db: Db, organizationId: string, siteId: string) {
  return inBatch(
    db,
    db.run(sql`UPDATE spaces SET visibility = ${publishedVisibilitySql(organizationId)}
    WHERE spaces.organization_id = ${organizationId}
      AND (spaces.visibility IN ('public', 'unlisted', 'share-link', 'visitor-auth')
        OR spaces.id IN (SELECT space_id FROM site_spaces WHERE site_id = ${siteId}))`),
  );
}

/**
 * The statement that moves the detail version of `siteId`'s spaces (their cached published place) when the site's
 * custom host changes (its `proxy` or verification): migration 0041's triggers do not watch those columns.
 */
export function touchSiteSpaceDetails(db: Db, siteId: string) {
  return inBatch(
    db,
    db.run(sql`INSERT INTO space_detail_versions (space_id, version)
    SELECT space_id, 1 FROM site_spaces WHERE site_id = ${siteId}
    ON CONFLICT (space_id) DO UPDATE SET version = version + 1`),
  );
}

/** Where a space is read once published: the most open published site holding it, and its path in that site. */
export interface PublishedPlace {
  siteId: string;
  /** Inside the site, defaults elided as the renderer routes them ("" for the site's root). */
  path: string;
  /** The site's custom host (`proxy`) once its DNS is verified: where the site is served instead. */
  proxy?: string;
}

/**
 * The SELECT finding a space's published place (columns `siteId`, `path`, `proxy` (live only), at most one row; to embed in the space's
 * read): among the published sites that hold it, the most open one (as `refreshPublishedSpaces` ranks them), and
 * the path of its site space there: a section's path unless it is the site's default section, then the site
 * space's unless it is the default of its level. A site space at the root of a site with sections is not published (the sections are the site).
 */
export function publishedPlaceSql(spaceId: string | Placeholder): SQL {
  return sql`SELECT s.id AS siteId,
      CASE WHEN sec.id IS NULL THEN '' WHEN sec.id = s.default_site_section_id THEN '' ELSE sec.path END || '/' ||
      CASE WHEN ss.id = COALESCE(sec.default_site_space_id, s.default_site_space_id) THEN '' ELSE ss.path END
        AS path,
      CASE WHEN s.proxy_status = 'live' THEN s.proxy END AS proxy
    FROM site_spaces ss JOIN sites s ON s.id = ss.site_id LEFT JOIN site_sections sec ON sec.id = ss.section_id
    WHERE ss.space_id = ${spaceId} AND s.published = 1
      AND s.organization_id = (SELECT organization_id FROM spaces WHERE id = ${spaceId})
      AND (sec.id IS NOT NULL OR NOT EXISTS (SELECT 1 FROM site_sections x WHERE x.site_id = s.id))
    ORDER BY CASE s.visibility WHEN 'public' THEN 0 WHEN 'unlisted' THEN 1 WHEN 'share-link' THEN 2 ELSE 3 END,
      s.created_at
    LIMIT 1`;
}
