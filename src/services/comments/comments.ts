import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { type Batchable, type BatchResult, batch } from "../../db/batch";
import { changeRequests, comments, organizationMembers, revisions } from "../../db/schema";
import { assembleSnapshot, revisionNodesQuery, type StoredSnapshot } from "../../content/snapshot-store";
import { notFound } from "../../lib/errors";
import { keysetPage, type Page, type PageRequest } from "../../lib/pagination";
import type { ServiceContext } from "../core";
import { changeRequestWhere, checkSpace, type ChangeRequestRow } from "../revisions";
import { type MemberView, memberPage, withSpaceCounts, type UserRow } from "../people";
import { type Action, type SpaceWithAccess, spaceRead, withSpaceAccess } from "../access";

/** Where comments live: the space's primary content, or one change request (id or number). */
export interface CommentScope {
  spaceId: string;
  changeRequest?: string;
}

export type CommentRow = typeof comments.$inferSelect;

export interface LoadedScope {
  space: SpaceWithAccess;
  changeRequest?: ChangeRequestRow;
  /** The scope's current content (main or the change request's head), read when comments are presented. */
  snapshot?: StoredSnapshot;
}

export interface Reaction {
  emoji: string;
  user: UserRow;
  reactedAt: number;
}

/** A comment or reply with what its presenter needs. */
export interface CommentRecord {
  comment: CommentRow;
  author: UserRow;
  resolver?: UserRow;
  reactions: Reaction[];
  replies: number;
  /** Who replied, with how many replies and the last one's time, most recent first (0.202's `repliers`). */
  repliers: { user: UserRow; count: number; updatedAt: number }[];
}

/** Comments of the scope (not of other scopes of the same space); the change request is resolved in SQL. */
export function scopeWhere(scope: CommentScope): SQL {
  return and(
    eq(comments.spaceId, scope.spaceId),
    scope.changeRequest === undefined
      ? isNull(comments.changeRequestId)
      : sql`${comments.changeRequestId} = (SELECT ${changeRequests.id} FROM ${changeRequests} WHERE ${changeRequestWhere(scope.spaceId, scope.changeRequest)})`,
  )!;
}

/** `comments.<column>` spelled out: drizzle leaves columns unqualified in single-table selects, and the
 * correlated subqueries below would otherwise bind them to their own tables. */
const outer = (column: string) => sql`${sql.identifier("comments")}.${sql.identifier(column)}`;

const userJson = (id: SQL) =>
  sql`(SELECT json_object('id', u.id, 'displayName', u.display_name, 'email', u.email, 'photoUrl', u.photo_url) FROM users u WHERE u.id = ${id})`;

/**
 * A comment row with its author, resolver, reactions and reply count in one statement. Joined data comes as
 * JSON columns with distinct names (in a D1 batch rows are keyed by column name).
 */
export const commentSelection = {
  comment: comments,
  authorJson: sql<string | null>`${userJson(outer("author_id"))}`.as("author_json"),
  resolverJson: sql<string | null>`${userJson(outer("resolved_by"))}`.as("resolver_json"),
  reactionsJson: sql<string | null>`(SELECT json_group_array(json_object('emoji', r.emoji, 'userId', r.user_id,
      'reactedAt', r.reacted_at, 'displayName', u.display_name, 'email', u.email, 'photoUrl', u.photo_url))
    FROM comment_reactions r LEFT JOIN users u ON u.id = r.user_id WHERE r.comment_id = ${outer("id")})`.as(
    "reactions_json",
  ),
  replyCount: sql<number>`(SELECT count(*) FROM comments rc WHERE rc.parent_id = ${outer("id")})`.as("reply_count"),
  repliersJson: sql<string | null>`(SELECT json_group_array(json_object('userId', x.author_id, 'count', x.n,
      'updatedAt', x.last, 'displayName', u.display_name, 'email', u.email, 'photoUrl', u.photo_url))
    FROM (SELECT rc.author_id, count(*) AS n, max(rc.posted_at) AS last FROM comments rc
      WHERE rc.parent_id = ${outer("id")} GROUP BY rc.author_id) x LEFT JOIN users u ON u.id = x.author_id)`.as(
    "repliers_json",
  ),
};
export type SelectedComment = {
  comment: CommentRow;
  authorJson: string | null;
  resolverJson: string | null;
  reactionsJson: string | null;
  replyCount: number;
  repliersJson: string | null;
};

type UserJson = { id: string; displayName: string | null; email: string | null; photoUrl: string | null };
const toUser = (json: Partial<UserJson> | null | undefined, id: string): UserRow =>
  json?.id
    ? {
        id: json.id,
        displayName: json.displayName ?? "",
        email: json.email ?? "",
        photoUrl: json.photoUrl ?? null,
        createdAt: 0,
        updatedAt: 0,
      }
    : { id, displayName: "Deleted user", email: "", photoUrl: null, createdAt: 0, updatedAt: 0 };

export function toRecord(row: SelectedComment): CommentRecord {
  const raw = JSON.parse(row.reactionsJson ?? "[]") as (UserJson & {
    emoji: string;
    userId: string;
    reactedAt: number;
  })[];
  return {
    comment: row.comment,
    author: toUser(row.authorJson ? JSON.parse(row.authorJson) : null, row.comment.authorId),
    ...(row.comment.resolvedBy
      ? { resolver: toUser(row.resolverJson ? JSON.parse(row.resolverJson) : null, row.comment.resolvedBy) }
      : {}),
    reactions: raw
      .map((r) => ({
        emoji: r.emoji,
        reactedAt: Number(r.reactedAt),
        user: toUser(r.displayName === null ? null : { ...r, id: r.userId }, r.userId),
      }))
      .sort((a, b) => a.reactedAt - b.reactedAt || a.user.id.localeCompare(b.user.id)),
    replies: Number(row.replyCount),
    repliers: (
      JSON.parse(row.repliersJson ?? "[]") as (UserJson & { userId: string; count: number; updatedAt: number })[]
    )
      .map((r) => ({
        user: toUser(r.displayName === null ? null : { ...r, id: r.userId }, r.userId),
        count: Number(r.count),
        updatedAt: Number(r.updatedAt),
      }))
      .sort((a, b) => b.updatedAt - a.updatedAt || a.user.id.localeCompare(b.user.id)),
  };
}

/**
 * One D1 round trip: the space (with the caller's access via the collection chain), the change request of the
 * scope, optionally the scope's current content, and the caller's own extra statements (e.g. the comment
 * itself). Authorizes `action` on the space: 404 when invisible or deleted, 403 when the role is too low.
 */
export function loadScope<const E extends readonly Batchable[] = []>(
  ctx: ServiceContext,
  scope: CommentScope,
  action: Action,
  opts?: { snapshot?: boolean; extra?: E },
): Promise<{ loaded: LoadedScope; extra: BatchResult<E> }>;
export async function loadScope(
  ctx: ServiceContext,
  scope: CommentScope,
  action: Action,
  opts: { snapshot?: boolean; extra?: readonly Batchable[] } = {},
): Promise<{ loaded: LoadedScope; extra: unknown }> {
  const { spaceId, changeRequest: ref } = scope;
  const revisionId = ref
    ? sql`SELECT ${changeRequests.revisionId} FROM ${changeRequests} WHERE ${changeRequestWhere(spaceId, ref)}`
    : sql`SELECT revision_id FROM spaces WHERE id = ${spaceId}`;
  const [spaceRows, crRows, content, extra = []] = await batch(ctx.db, [
    spaceRead(ctx.db, spaceId),
    ctx.db
      .select()
      .from(changeRequests)
      .where(ref ? changeRequestWhere(spaceId, ref) : sql`0`)
      .limit(1),
    opts.snapshot
      ? ([
          ctx.db
            .select()
            .from(revisions)
            .where(and(sql`${revisions.id} = (${revisionId})`, eq(revisions.spaceId, spaceId)))
            .limit(1),
          revisionNodesQuery(ctx.db, spaceId, revisionId),
        ] as const)
      : undefined,
    opts.extra,
  ]);
  const space = checkSpace(await withSpaceAccess(ctx, spaceRows), action);
  if (ref !== undefined && !crRows[0]) throw notFound("Change request");
  let snapshot: StoredSnapshot | undefined;
  if (content) {
    const [[revision], nodes] = content;
    if (!revision) throw notFound("Revision");
    snapshot = assembleSnapshot(revision, nodes);
  }
  return { loaded: { space, changeRequest: crRows[0], snapshot }, extra };
}

/** The statement reading one comment (parentId null) or one reply of `parentId` in the scope. */
export function selectComment(ctx: ServiceContext, scope: CommentScope, id: string, parentId: string | null) {
  return ctx.db
    .select(commentSelection)
    .from(comments)
    .where(
      and(
        scopeWhere(scope),
        eq(comments.id, id),
        parentId === null ? isNull(comments.parentId) : eq(comments.parentId, parentId),
      ),
    )
    .limit(1);
}

export async function getComment(ctx: ServiceContext, scope: CommentScope, commentId: string) {
  const { loaded, extra } = await loadScope(ctx, scope, "comment.view", {
    snapshot: true,
    extra: [selectComment(ctx, scope, commentId, null)],
  });
  if (!extra[0][0]) throw notFound("Comment");
  return { loaded, record: toRecord(extra[0][0]) };
}

export async function getCommentReply(ctx: ServiceContext, scope: CommentScope, commentId: string, replyId: string) {
  const { loaded, extra } = await loadScope(ctx, scope, "comment.view", {
    extra: [selectComment(ctx, scope, replyId, commentId)],
  });
  if (!extra[0][0]) throw notFound("Comment reply");
  return { loaded, record: toRecord(extra[0][0]) };
}

export interface CommentListQuery extends PageRequest {
  order: "asc" | "desc";
  status: "all" | "open" | "resolved";
  targetPage?: string;
  authors?: string[];
}

export async function listComments(ctx: ServiceContext, scope: CommentScope, query: CommentListQuery) {
  const { loaded } = await loadScope(ctx, scope, "comment.view", { snapshot: true });
  const filter = and(
    scopeWhere(scope),
    isNull(comments.parentId),
    query.status === "open"
      ? isNull(comments.resolvedAt)
      : query.status === "resolved"
        ? isNotNull(comments.resolvedAt)
        : undefined,
    query.targetPage !== undefined ? eq(comments.targetPage, query.targetPage) : undefined,
    query.authors?.length ? inArray(comments.authorId, query.authors) : undefined,
  );
  const page = await commentPage(ctx, filter, query.order, query);
  return { loaded, page: { ...page, items: page.items.map(toRecord) } };
}

/** One page of the comments matching `filter`, by posting time then id, in `direction`. */
function commentPage(ctx: ServiceContext, filter: SQL | undefined, direction: "asc" | "desc", query: PageRequest) {
  return keysetPage<SelectedComment>(ctx.db, {
    page: query,
    keys: [
      { column: comments.postedAt, direction, value: (r) => r.comment.postedAt },
      { column: comments.id, direction, value: (r) => r.comment.id },
    ],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select(commentSelection)
        .from(comments)
        .where(and(filter, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(comments).where(filter),
  });
}

/** Replies of a comment, oldest first (the conversation's order). 404 when the comment is not in the scope. */
export async function listCommentReplies(
  ctx: ServiceContext,
  scope: CommentScope,
  commentId: string,
  query: PageRequest,
) {
  const { loaded, extra } = await loadScope(ctx, scope, "comment.view", {
    extra: [
      ctx.db
        .select({ id: comments.id })
        .from(comments)
        .where(and(scopeWhere(scope), eq(comments.id, commentId), isNull(comments.parentId)))
        .limit(1),
    ],
  });
  if (!extra[0][0]) throw notFound("Comment");
  const filter = and(eq(comments.spaceId, scope.spaceId), eq(comments.parentId, commentId));
  const page = await commentPage(ctx, filter, "asc", query);
  return { loaded, page: { ...page, items: page.items.map(toRecord) } };
}

/**
 * Members of the space's organization who posted a comment or a reply in the scope, by user id. People who
 * have left the organization are not members any more and are not listed.
 */
export async function listCommenters(
  ctx: ServiceContext,
  scope: CommentScope,
  query: PageRequest,
): Promise<Page<MemberView>> {
  const { loaded } = await loadScope(ctx, scope, "comment.view");
  const organizationId = loaded.space.row.organizationId;
  const filter = and(
    eq(organizationMembers.organizationId, organizationId),
    inArray(
      organizationMembers.userId,
      ctx.db.selectDistinct({ id: comments.authorId }).from(comments).where(scopeWhere(scope)),
    ),
  );
  const page = await memberPage(ctx, query, filter, [
    { column: organizationMembers.userId, direction: "asc", value: (r) => r.member.userId },
  ]);
  return { ...page, items: await withSpaceCounts(ctx, organizationId, page.items) };
}
