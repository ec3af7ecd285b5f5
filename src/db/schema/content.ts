import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export interface RevisionGit {
  oid: string;
  message: string;
  ref?: string;
  url?: string;
  createdByService: boolean;
}

/**
 * Immutable snapshots of a space's content. A revision points at content-addressed nodes: `rootNode` is the
 * page tree, `filesNode` the file list, `reusablesNode` the reusable contents. Nodes and page bodies are
 * stored once per space by hash (content_nodes, content_blobs), so a revision that changes one page adds
 * that page's blob and the nodes along its path, and shares everything else with its parent.
 */
export const revisions = sqliteTable(
  "revisions",
  {
    id: text().primaryKey(),
    spaceId: text().notNull(),
    type: text({ enum: ["edits", "merge", "update", "rollback", "computed"] }).notNull(),
    parents: text({ mode: "json" }).$type<string[]>().notNull().default([]),
    /** Change request merged into main by a `merge` revision. */
    mergedFrom: text(),
    /** Change request this revision belongs to (null: the space's primary content). */
    changeRequestId: text(),
    rootNode: text().notNull(),
    filesNode: text().notNull(),
    reusablesNode: text().notNull(),
    /**
     * The page locator (content/page-locator.ts): each page's ancestors, in buckets by page id, so that one page
     * is found in O(depth) nodes. Null for empty first revisions and for revisions written before it existed.
     */
    locatorNode: text(),
    variables: text({ mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
    createdBy: text(),
    createdAt: integer().notNull(),
    /** The Git commit a Git sync import made this revision from (or an export pushed it as). */
    git: text({ mode: "json" }).$type<RevisionGit>(),
    /**
     * The slugs of the OpenAPI specs its computed pages are generated from (null: it has none): what published
     * page caches key on (with each spec's newest processed version) and what a new spec version re-indexes.
     */
    computedSpecs: text({ mode: "json" }).$type<string[]>(),
  },
  (t) => [index("revisions_space").on(t.spaceId, t.createdAt)],
);

/** Page bodies (markdown), by SHA-256, per space. */
export const contentBlobs = sqliteTable(
  "content_blobs",
  {
    spaceId: text().notNull(),
    hash: text().notNull(),
    body: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.hash] })],
);

/** JSON nodes (page-tree levels, file lists, reusable-content lists), by SHA-256, per space. */
export const contentNodes = sqliteTable(
  "content_nodes",
  {
    spaceId: text().notNull(),
    hash: text().notNull(),
    data: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.hash] })],
);
