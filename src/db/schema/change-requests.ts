import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * A change request: its own head revision (`revisionId`), forked from the space's revision `revisionInitial`.
 * `revisionMergedAncestor` is main's revision when it was last updated from main; the merge base is that or,
 * before any update, `revisionInitial`. Numbers count from 1 per space.
 */
export const changeRequests = sqliteTable(
  "change_requests",
  {
    id: text().primaryKey(),
    spaceId: text().notNull(),
    number: integer().notNull(),
    status: text({ enum: ["draft", "open", "archived", "merged"] })
      .notNull()
      .default("open"),
    subject: text().notNull().default(""),
    /** Markdown ("" when none), answered as a JSONDocument. */
    description: text().notNull().default(""),
    createdBy: text().notNull(),
    revisionId: text().notNull(),
    revisionInitial: text().notNull(),
    revisionMergedAncestor: text(),
    revisionMerged: text(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
    mergedAt: integer(),
  },
  (t) => [
    uniqueIndex("change_requests_number").on(t.spaceId, t.number),
    index("change_requests_status").on(t.spaceId, t.status, t.createdAt, t.id),
  ],
);

/** Who wrote content into a change request (the `contributor` filter). */
export const changeRequestContributors = sqliteTable(
  "change_request_contributors",
  {
    changeRequestId: text().notNull(),
    userId: text().notNull(),
    spaceId: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.changeRequestId, t.userId] }),
    index("change_request_contributors_user").on(t.spaceId, t.userId),
  ],
);
