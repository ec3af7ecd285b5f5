import { and, eq, inArray, or, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { commentReactions, comments } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { requireUser, type ServiceContext } from "../core";
import { type CommentRow, type CommentScope, loadScope, scopeWhere, selectComment, toRecord } from "./comments";
import { authorize, authorizeComment, commentPermissions } from "../access";

export interface PostCommentInput {
  markdown: string;
  page?: string;
  node?: string;
  tableCell?: { record: string; definition: string };
}

/** Posts a comment on the scope's current content. A target page must exist there (400 naming `body.page`). */
export async function postComment(ctx: ServiceContext, scope: CommentScope, input: PostCommentInput) {
  const caller = requireUser(ctx.caller);
  const { loaded } = await loadScope(ctx, scope, "comment.post", { snapshot: true });
  const snapshot = loaded.snapshot!;
  if (input.page !== undefined && !snapshot.pages.has(input.page)) {
    throw badRequest(
      `body.page: no page "${input.page}" in the ${scope.changeRequest ? "change request's" : "space's"} content`,
    );
  }
  const id = newId();
  const [, rows] = await batch(ctx.db, [
    ctx.db.insert(comments).values({
      id,
      spaceId: scope.spaceId,
      changeRequestId: loaded.changeRequest?.id ?? null,
      parentId: null,
      authorId: caller.userId,
      markdown: input.markdown,
      revisionId: snapshot.revision.id,
      targetPage: input.page ?? null,
      targetNode: input.node ?? null,
      tableRecord: input.tableCell?.record ?? null,
      tableDefinition: input.tableCell?.definition ?? null,
      postedAt: ctx.now,
    }),
    selectComment(ctx, scope, id, null),
  ]);
  return { loaded, record: toRecord(rows[0]) };
}

/** Replies to a comment of the scope (404 when the comment is not there). */
export async function postCommentReply(ctx: ServiceContext, scope: CommentScope, commentId: string, markdown: string) {
  const caller = requireUser(ctx.caller);
  const { loaded, extra } = await loadScope(ctx, scope, "comment.post", {
    extra: [
      ctx.db
        .select()
        .from(comments)
        .where(and(scopeWhere(scope), eq(comments.id, commentId), sql`${comments.parentId} IS NULL`))
        .limit(1),
    ],
  });
  const parent = extra[0][0];
  if (!parent) throw notFound("Comment");
  const id = newId();
  const [, rows] = await batch(ctx.db, [
    ctx.db.insert(comments).values({
      id,
      spaceId: scope.spaceId,
      changeRequestId: parent.changeRequestId,
      parentId: parent.id,
      authorId: caller.userId,
      markdown,
      revisionId: parent.revisionId,
      postedAt: ctx.now,
    }),
    selectComment(ctx, scope, id, parent.id),
  ]);
  return { loaded, record: toRecord(rows[0]) };
}

export interface UpdateCommentInput {
  markdown?: string;
  /** Comments only; replies have no status. */
  resolved?: boolean;
  addedReactions?: string[];
  removedReactions?: string[];
}

/**
 * Edits the body (author only), resolves or reopens (comment role and up), and adds or removes the caller's
 * reactions (comment role and up), in one batch. Removals apply after additions. `parentId` null: a comment.
 */
export async function updateComment(
  ctx: ServiceContext,
  scope: CommentScope,
  id: string,
  parentId: string | null,
  input: UpdateCommentInput,
) {
  const caller = requireUser(ctx.caller);
  const { loaded, extra } = await loadScope(ctx, scope, "comment.view", {
    snapshot: parentId === null,
    extra: [selectComment(ctx, scope, id, parentId)],
  });
  const current = extra[0][0];
  if (!current) throw notFound(parentId === null ? "Comment" : "Comment reply");
  const access = loaded.space.access;
  const row = current.comment;
  // Every kind of update needs the comment role, so an empty one from a reader is a 403, not a silent 200.
  authorize(access, "comment.post", "Space");
  if (input.markdown !== undefined) authorizeComment(commentPermissions(access, caller.userId, row.authorId), "edit");
  if (input.resolved !== undefined && parentId === null) authorize(access, "comment.resolve", "Space");
  const added = [...new Set(input.addedReactions ?? [])];
  const removed = [...new Set(input.removedReactions ?? [])];
  if (added.length || removed.length) authorize(access, "comment.react", "Space");

  const set: Partial<CommentRow> = {};
  if (input.markdown !== undefined) Object.assign(set, { markdown: input.markdown, editedAt: ctx.now });
  if (parentId === null && input.resolved === true && row.resolvedAt === null)
    Object.assign(set, { resolvedAt: ctx.now, resolvedBy: caller.userId });
  if (parentId === null && input.resolved === false) Object.assign(set, { resolvedAt: null, resolvedBy: null });
  const writes = [
    ...(Object.keys(set).length ? [ctx.db.update(comments).set(set).where(eq(comments.id, row.id))] : []),
    ...added.map((emoji) =>
      ctx.db
        .insert(commentReactions)
        .values({ commentId: row.id, emoji, userId: caller.userId, spaceId: row.spaceId, reactedAt: ctx.now })
        .onConflictDoNothing(),
    ),
    ...(removed.length
      ? [
          ctx.db
            .delete(commentReactions)
            .where(
              and(
                eq(commentReactions.commentId, row.id),
                eq(commentReactions.userId, caller.userId),
                inArray(commentReactions.emoji, removed),
              ),
            ),
        ]
      : []),
  ];
  if (!writes.length) return { loaded, record: toRecord(current) };
  const [, [updated]] = await batch(ctx.db, [writes, selectComment(ctx, scope, id, parentId)]);
  return { loaded, record: toRecord(updated) };
}

/**
 * Deletes a comment with its replies and their reactions (or one reply), in one batch. Nothing there: no-op
 * (the route answers 204 either way). The author deletes their own; space admins delete anyone's.
 */
export async function deleteComment(ctx: ServiceContext, scope: CommentScope, id: string, parentId: string | null) {
  const caller = requireUser(ctx.caller);
  const { loaded, extra } = await loadScope(ctx, scope, "comment.view", {
    extra: [
      ctx.db
        .select()
        .from(comments)
        .where(
          and(
            scopeWhere(scope),
            eq(comments.id, id),
            parentId === null ? sql`${comments.parentId} IS NULL` : eq(comments.parentId, parentId),
          ),
        )
        .limit(1),
    ],
  });
  const row = extra[0][0];
  if (!row) return;
  authorizeComment(commentPermissions(loaded.space.access, caller.userId, row.authorId), "delete");
  await batch(ctx.db, [
    ctx.db
      .delete(commentReactions)
      .where(
        or(
          eq(commentReactions.commentId, row.id),
          inArray(
            commentReactions.commentId,
            ctx.db.select({ id: comments.id }).from(comments).where(eq(comments.parentId, row.id)),
          ),
        ),
      ),
    ctx.db.delete(comments).where(eq(comments.parentId, row.id)),
    ctx.db.delete(comments).where(eq(comments.id, row.id)),
  ]);
}
