import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The search index of each space's primary content (its current revision). One row per heading-delimited
 * section of every indexed page; two FTS5 tables index these rows as external content (migration
 * 0006_search_fts: `search_fts` with unicode61 words, `search_trigram` with trigrams for CJK and substrings),
 * kept in step by triggers, so the text is stored once. `id` is the rowid the FTS tables point at.
 */
export const searchSections = sqliteTable(
  "search_sections",
  {
    id: integer().primaryKey(),
    spaceId: text().notNull(),
    pageId: text().notNull(),
    /** Order of the section in its page. */
    position: integer().notNull(),
    /** The heading's anchor; "" for the text before the first heading. */
    anchor: text().notNull(),
    pageTitle: text().notNull(),
    heading: text().notNull(),
    body: text().notNull(),
  },
  (t) => [index("search_sections_page").on(t.spaceId, t.pageId)],
);

/**
 * The indexed pages of a space: what the indexer compares with the current revision (a page is re-indexed
 * when its title or body changed; a new path only rewrites this row), and what results show as title and path.
 */
export const searchPages = sqliteTable(
  "search_pages",
  {
    spaceId: text().notNull(),
    pageId: text().notNull(),
    title: text().notNull(),
    path: text().notNull(),
    /** The page body's content hash ("" for an empty body). */
    bodyHash: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.pageId] })],
);

/** The revision a space's index reflects: the indexer has nothing to do while it equals the space's revision. */
export const searchIndexState = sqliteTable("search_index_state", {
  spaceId: text().primaryKey(),
  revisionId: text().notNull(),
  /**
   * For a revision with computed pages: the spec versions their indexed text was generated from (`slug=versionId`,
   * comma-separated, as services/revisions/spec-source.ts `computedSpecVersionsSql` spells it); null otherwise.
   * The index is up to date when both this and the revision match.
   */
  computedSpecs: text(),
  updatedAt: integer().notNull(),
});

/**
 * A counter that every change to search_sections moves (triggers, migration 0013). bm25 scores depend on the
 * whole index (row count, average lengths, how many rows hold a term), not only on the space searched, so a
 * ranking computed at one generation is exactly what a search would compute while the counter stands still:
 * what cached rankings of hot queries are checked against (services/search/rankings.ts). One row, id 1.
 */
export const searchGeneration = sqliteTable("search_generation", {
  id: integer().primaryKey(),
  generation: integer().notNull(),
});
