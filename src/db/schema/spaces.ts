import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * `defaultLevel` as stored: a role, `guest` (the wire's `null`: members get no default access) or `inherit`
 * (follow the parent collection, and at the top level the member's organization role).
 */
export const STORED_LEVELS = ["admin", "create", "review", "edit", "comment", "read", "guest", "inherit"] as const;
export type StoredLevel = (typeof STORED_LEVELS)[number];

/**
 * Collections group spaces and other collections. Spaces and collections under the same parent (null: the
 * organization's top level) are siblings ordered by `sortKey`, a fractional index (src/lib/ordering.ts):
 * a move rewrites the moved item's key only. Deletes are soft (`deletedAt`); the purge removes rows later.
 */
export const collections = sqliteTable(
  "collections",
  {
    id: text().primaryKey(),
    organizationId: text().notNull(),
    parentId: text(),
    title: text().notNull(),
    description: text(),
    defaultLevel: text({ enum: STORED_LEVELS }).notNull().default("inherit"),
    sortKey: text().notNull(),
    createdBy: text(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
    deletedAt: integer(),
  },
  (t) => [
    index("collections_org_order").on(t.organizationId, t.sortKey, t.id),
    index("collections_parent").on(t.parentId, t.sortKey),
    index("collections_deleted").on(t.deletedAt),
  ],
);

export const spaces = sqliteTable(
  "spaces",
  {
    id: text().primaryKey(),
    organizationId: text().notNull(),
    /** Parent collection (null: top level of the organization). */
    parentId: text(),
    title: text().notNull(),
    emoji: text(),
    iconUrl: text(),
    visibility: text({ enum: ["public", "unlisted", "share-link", "visitor-auth", "in-collection", "private"] })
      .notNull()
      .default("private"),
    language: text(),
    editMode: text({ enum: ["live", "locked"] })
      .notNull()
      .default("live"),
    defaultLevel: text({ enum: STORED_LEVELS }).notNull().default("inherit"),
    sortKey: text().notNull(),
    /** The space's current (primary) revision. */
    revisionId: text().notNull(),
    /** Secret for `share-link` visibility (`?shareKey=`). */
    shareKey: text().notNull(),
    createdBy: text(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
    deletedAt: integer(),
  },
  (t) => [
    index("spaces_org_order").on(t.organizationId, t.sortKey, t.id),
    index("spaces_parent").on(t.parentId, t.sortKey),
    index("spaces_deleted").on(t.deletedAt),
  ],
);

/**
 * What a Space object carries beyond its row, counted per space: its counters (change requests by status, open
 * comments) and where it is published (sites, site spaces, sections). Triggers (migration 0041) move a space's
 * version on every change to those; an isolate keeps a space's counters and place with the version it read them
 * at, and a read that finds the version elsewhere reads them again. No row: version 0.
 */
export const spaceDetailVersions = sqliteTable("space_detail_versions", {
  spaceId: text().primaryKey(),
  version: integer().notNull().default(0),
});
