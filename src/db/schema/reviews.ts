import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * A review of a change request, against the revision it had then (`revisionId`): outdated once the change
 * request moved on. `requestedBy` is who asked the reviewer, when they were asked; `commentId` the optional
 * change-request comment posted with it.
 */
export const changeRequestReviews = sqliteTable(
  "change_request_reviews",
  {
    id: text().primaryKey(),
    spaceId: text().notNull(),
    changeRequestId: text().notNull(),
    reviewerId: text().notNull(),
    requestedBy: text(),
    revisionId: text().notNull(),
    status: text({ enum: ["approved", "changes-requested"] }).notNull(),
    commentId: text(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [index("change_request_reviews_change_request").on(t.changeRequestId, t.createdAt, t.id)],
);

/** A reviewer asked to review a change request, until they review it or the request is withdrawn. */
export const changeRequestRequestedReviewers = sqliteTable(
  "change_request_requested_reviewers",
  {
    changeRequestId: text().notNull(),
    userId: text().notNull(),
    spaceId: text().notNull(),
    requestedBy: text().notNull(),
    revisionId: text().notNull(),
    createdAt: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.changeRequestId, t.userId] }),
    index("change_request_requested_reviewers_order").on(t.changeRequestId, t.createdAt, t.userId),
  ],
);
