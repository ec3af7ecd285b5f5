import { sql } from "drizzle-orm";
import { type Db, inBatch } from "../../db/client";

/**
 * An installation's `site_selection: "all"`: the installation is enabled on every site of its organization, the
 * existing ones when the selection is set and each new one as it is created (site installations are rows, so
 * every read and list sees them; switching back to `selected` keeps the sites enabled so far). One statement
 * for a batch: it enables the `all` installations of `organizationId` (or just `installationId`) whose
 * integration installs on sites, on its sites (or just `siteId`), skipping those enabled already; each starts
 * `pending` when the integration's site configuration has required properties, as installIntegrationOnSite does.
 */
export function enableOnEverySite(
  db: Db,
  scope: { organizationId: string; installationId?: string; siteId?: string },
  now: number,
) {
  return inBatch(
    db,
    db.run(sql`INSERT INTO integration_site_installations (installation_id, site_id, integration_name, organization_id,
        status, configuration, external_ids, created_at, updated_at)
      SELECT i.id, s.id, i.integration_name, i.organization_id,
        CASE WHEN coalesce(json_array_length(g.configurations, '$.site.required'), 0) > 0 THEN 'pending'
          ELSE 'active' END,
        '{}', '[]', ${now}, ${now}
      FROM integration_installations i
        JOIN integrations g ON g.name = i.integration_name
        JOIN sites s ON s.organization_id = i.organization_id
      WHERE i.organization_id = ${scope.organizationId} AND i.site_selection = 'all'
        AND g.target IN ('all', 'site')
        ${scope.installationId ? sql`AND i.id = ${scope.installationId}` : sql``}
        ${scope.siteId ? sql`AND s.id = ${scope.siteId}` : sql``}
      ON CONFLICT DO NOTHING`),
  );
}
