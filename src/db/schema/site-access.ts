import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * A share link of a site: its `key` (a capability, shown to the site's managers in `urls.published` and
 * presented by visitors as `shareKey`) opens a published `share-link` site while the link is `active`.
 */
export const siteShareLinks = sqliteTable(
  "site_share_links",
  {
    id: text().primaryKey(),
    siteId: text().notNull(),
    organizationId: text().notNull(),
    name: text().notNull(),
    key: text().notNull(),
    active: integer({ mode: "boolean" }).notNull().default(true),
    createdAt: integer().notNull(),
  },
  (t) => [
    uniqueIndex("site_share_links_key").on(t.key),
    index("site_share_links_site").on(t.siteId, t.createdAt, t.id),
  ],
);

/**
 * A site's visitor authentication: `privateKey` signs (HS256) the visitor JWTs that open a published
 * `visitor-auth` site; regenerating it invalidates every token signed with the old one. One row per site,
 * made on first read.
 */
export const sitePublishingAuth = sqliteTable("site_publishing_auth", {
  siteId: text().primaryKey(),
  organizationId: text().notNull(),
  backend: text({ enum: ["custom", "integration"] })
    .notNull()
    .default("custom"),
  privateKey: text().notNull(),
  fallbackUrl: text(),
  updatedAt: integer().notNull(),
});
