import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Where a site redirect leads: a section, a site space, or a page of a site space (the reference's shapes). */
export type SiteRedirectDestination =
  | { kind: "site-section"; siteSectionId: string }
  | { kind: "site-space"; siteSpaceId: string }
  | { kind: "site-page"; siteSpaceId: string; pageId: string };

/**
 * A redirect of a site: a source path (unique per site) to a destination in the site's structure. The
 * destination is checked when written; it may later dangle (its site space, section or page deleted).
 */
export const siteRedirects = sqliteTable(
  "site_redirects",
  {
    id: text().primaryKey(),
    siteId: text().notNull(),
    organizationId: text().notNull(),
    source: text().notNull(),
    destination: text({ mode: "json" }).$type<SiteRedirectDestination>().notNull(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [uniqueIndex("site_redirects_source").on(t.siteId, t.source)],
);
