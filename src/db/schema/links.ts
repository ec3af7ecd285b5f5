import { primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Links and heading anchors extracted from one page body (a content_blobs row), cached by the body's hash:
 * a body is immutable, so it is parsed once, whatever the number of pages, revisions or requests that use it.
 * `links`: JSON array of `{ref, relation}` (content references as written in the markdown, deduplicated);
 * `anchors`: JSON array of the body's heading anchors.
 */
export const contentLinks = sqliteTable(
  "content_links",
  {
    spaceId: text().notNull(),
    hash: text().notNull(),
    links: text().notNull(),
    anchors: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.hash] })],
);
