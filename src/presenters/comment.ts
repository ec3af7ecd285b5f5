import { markdownToDocument } from "../content/markdown";
import { pagePath } from "../content/model";
import { iso } from "../lib/time";
import type { CommentRecord, LoadedScope, Reaction } from "../services/comments";
import type { ServiceContext } from "../services/core";
import { commentPermissions } from "../services/access";
import { presentUser } from "./user";
import type { Comment, CommentReply } from "../wire/comment";

export type CommentFormat = "markdown" | "document";

/** `body` as the reference's Document: `{markdown}` by default, `{document}` with `format=document`. */
function body(markdown: string, format: CommentFormat | undefined) {
  return format === "document" ? { document: markdownToDocument(markdown) } : { markdown };
}

/** Reactions grouped by emoji (in order of first use), each with its users in the order they reacted. */
function reactions(ctx: ServiceContext, list: Reaction[]) {
  const groups = new Map<string, Reaction[]>();
  for (const r of list) groups.set(r.emoji, [...(groups.get(r.emoji) ?? []), r]);
  return [...groups].map(([emoji, rs]) => ({
    emoji,
    count: rs.length,
    users: rs.map((r) => ({ user: presentUser(r.user, ctx.urls), reactedAt: iso(r.reactedAt) })),
  }));
}

function commentsBase(ctx: ServiceContext, loaded: LoadedScope) {
  const space = `${ctx.urls.api}/v1/spaces/${loaded.space.row.id}`;
  return loaded.changeRequest ? `${space}/change-requests/${loaded.changeRequest.id}/comments` : `${space}/comments`;
}

function common(
  ctx: ServiceContext,
  loaded: LoadedScope,
  record: CommentRecord,
  format: CommentFormat | undefined,
  location: string,
) {
  const c = record.comment;
  const callerId = ctx.caller.kind === "user" ? ctx.caller.userId : undefined;
  return {
    id: c.id,
    postedBy: presentUser(record.author, ctx.urls),
    postedAt: iso(c.postedAt),
    ...(c.editedAt !== null ? { editedAt: iso(c.editedAt) } : {}),
    reactions: reactions(ctx, record.reactions),
    body: body(c.markdown, format),
    urls: { location },
    permissions: commentPermissions(loaded.space.access, callerId, c.authorId),
  };
}

/**
 * A comment. `target.page` is the page in the scope's current content (omitted when the page is gone);
 * `outdated` when the page changed after the comment was posted.
 */
export function presentComment(
  ctx: ServiceContext,
  loaded: LoadedScope,
  record: CommentRecord,
  format?: CommentFormat,
): Comment {
  const c = record.comment;
  const page = c.targetPage ? loaded.snapshot?.pages.get(c.targetPage) : undefined;
  const path = page ? pagePath(loaded.snapshot!, page.id) : "";
  return {
    object: "comment" as const,
    ...common(ctx, loaded, record, format, `${commentsBase(ctx, loaded)}/${c.id}`),
    replies: record.replies,
    repliers: record.repliers.map((r) => ({
      updatedAt: iso(r.updatedAt),
      count: r.count,
      user: presentUser(r.user, ctx.urls),
    })),
    target: {
      ...(c.targetNode ? { node: { id: c.targetNode } } : {}),
      ...(c.tableRecord !== null && c.tableDefinition !== null
        ? { tableCell: { record: c.tableRecord, definition: c.tableDefinition } }
        : {}),
      ...(c.changeRequestId ? { changeRequest: c.changeRequestId } : {}),
      ...(page
        ? {
            page: {
              id: page.id,
              title: page.title,
              ...(page.emoji ? { emoji: page.emoji } : {}),
              ...(page.icon ? { icon: page.icon } : {}),
              createdAt: iso(page.createdAt),
              updatedAt: iso(page.updatedAt),
              path,
              outdated: page.updatedAt > c.postedAt,
            },
          }
        : {}),
      space: c.spaceId,
      revision: c.revisionId,
    },
    ...(c.resolvedAt !== null && record.resolver
      ? {
          status: "resolved" as const,
          resolvedAt: iso(c.resolvedAt),
          resolvedBy: presentUser(record.resolver, ctx.urls),
        }
      : { status: "open" as const }),
  };
}

export function presentCommentReply(
  ctx: ServiceContext,
  loaded: LoadedScope,
  record: CommentRecord,
  format?: CommentFormat,
): CommentReply {
  const c = record.comment;
  return {
    object: "comment-reply" as const,
    ...common(ctx, loaded, record, format, `${commentsBase(ctx, loaded)}/${c.parentId}/replies/${c.id}`),
  };
}
