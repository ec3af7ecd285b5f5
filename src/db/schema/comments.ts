import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Comments and their replies, in one table: a reply has `parentId` (its comment's id) and no target or status.
 * `changeRequestId` is null for comments on the space's primary content. Bodies are markdown.
 * `revisionId` is the content revision the comment was posted on (`target.revision`).
 */
export const comments = sqliteTable(
  "comments",
  {
    id: text().primaryKey(),
    spaceId: text().notNull(),
    changeRequestId: text(),
    parentId: text(),
    authorId: text().notNull(),
    markdown: text().notNull(),
    revisionId: text().notNull(),
    targetPage: text(),
    targetNode: text(),
    tableRecord: text(),
    tableDefinition: text(),
    postedAt: integer().notNull(),
    editedAt: integer(),
    resolvedAt: integer(),
    resolvedBy: text(),
  },
  (t) => [
    index("comments_scope").on(t.spaceId, t.changeRequestId, t.parentId, t.postedAt, t.id),
    index("comments_parent").on(t.parentId, t.postedAt, t.id),
    index("comments_author").on(t.spaceId, t.authorId),
  ],
);

/** One user's emoji reaction on a comment or a reply. */
export const commentReactions = sqliteTable(
  "comment_reactions",
  {
    commentId: text().notNull(),
    emoji: text().notNull(),
    userId: text().notNull(),
    spaceId: text().notNull(),
    reactedAt: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.emoji, t.userId] }), index("comment_reactions_space").on(t.spaceId)],
);
