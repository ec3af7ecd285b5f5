import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * A site's customization settings (`siteSpaceId` = '': the whole site settings, complete and validated) and the
 * per-site-space overrides (`siteSpaceId` set: a partial object deep-merged over the site's settings). A site
 * that never had customization has no row; its settings are the defaults. Deleted with the site or site space.
 */
export const siteCustomizations = sqliteTable(
  "site_customizations",
  {
    siteId: text().notNull(),
    siteSpaceId: text().notNull().default(""),
    settings: text({ mode: "json" }).$type<Record<string, unknown>>().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.siteSpaceId] })],
);
