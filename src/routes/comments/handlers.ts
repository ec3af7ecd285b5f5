// One handler per comment operation, whatever the content target: a space's main (`/spaces/{spaceId}/…`) or a
// change request (`/spaces/{spaceId}/change-requests/{changeRequestId}/…`). Each route file keeps its own
// `defineRoute` and answers with one of these; the target is resolved once, by `scopeOf`, from the path.
import type { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import type { SharedRouteContext as In } from "../../http/router";
import { presentComment, presentCommentReply } from "../../presenters/comment";
import { presentMember } from "../../presenters/member";
import {
  deleteComment,
  getComment,
  getCommentReply,
  listCommenters,
  listCommentReplies,
  listComments,
  postComment,
  postCommentReply,
  updateComment,
} from "../../services/comments";
import type { PageQuery } from "../../wire/common";
import { bodyMarkdown } from "../../wire/comment";
import type {
  CommentListQuery,
  FormatQuery,
  PostCommentBody,
  PostReplyBody,
  ReplyListQuery,
  UpdateChangeRequestReplyBody,
  UpdateCommentBody,
} from "./schemas";
import { scopeOf } from "./schemas";

/** The path of a comment operation on either target. */
type TargetParams = { spaceId: string; changeRequestId?: string };
type CommentParams = TargetParams & { commentId: string };
type ReplyParams = CommentParams & { commentReplyId: string };

export async function listCommentsOf(c: In<{ param: TargetParams; query: z.output<typeof CommentListQuery> }>) {
  const ctx = serviceContext(c);
  const query = c.req.valid("query");
  const { loaded, page } = await listComments(ctx, scopeOf(c.req.valid("param")), query);
  return { ...page, items: page.items.map((r) => presentComment(ctx, loaded, r, query.format)) };
}

export async function postCommentOn(c: In<{ param: TargetParams; json: z.output<typeof PostCommentBody> }>) {
  const ctx = serviceContext(c);
  const { body, ...target } = c.req.valid("json");
  const { loaded, record } = await postComment(ctx, scopeOf(c.req.valid("param")), {
    ...target,
    markdown: bodyMarkdown(body),
  });
  return presentComment(ctx, loaded, record);
}

export async function getCommentOf(c: In<{ param: CommentParams; query: z.output<typeof FormatQuery> }>) {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const { loaded, record } = await getComment(ctx, scopeOf(p), p.commentId);
  return presentComment(ctx, loaded, record, c.req.valid("query").format);
}

export async function updateCommentOf(c: In<{ param: CommentParams; json: z.output<typeof UpdateCommentBody> }>) {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const { body, ...rest } = c.req.valid("json") ?? {};
  const { loaded, record } = await updateComment(ctx, scopeOf(p), p.commentId, null, {
    ...rest,
    markdown: bodyMarkdown(body),
  });
  return presentComment(ctx, loaded, record);
}

export async function deleteCommentOf(c: In<{ param: CommentParams }>) {
  const p = c.req.valid("param");
  await deleteComment(serviceContext(c), scopeOf(p), p.commentId, null);
}

export async function listRepliesOf(c: In<{ param: CommentParams; query: z.output<typeof ReplyListQuery> }>) {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const query = c.req.valid("query");
  const { loaded, page } = await listCommentReplies(ctx, scopeOf(p), p.commentId, query);
  return { ...page, items: page.items.map((r) => presentCommentReply(ctx, loaded, r, query.format)) };
}

/** `format`: only the change-request twin declares the query (as the reference does). */
export async function postReplyTo(
  c: In<{ param: CommentParams; json: z.output<typeof PostReplyBody> }>,
  format?: z.output<typeof FormatQuery>["format"],
) {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const { loaded, record } = await postCommentReply(
    ctx,
    scopeOf(p),
    p.commentId,
    bodyMarkdown(c.req.valid("json").body),
  );
  return presentCommentReply(ctx, loaded, record, format);
}

export async function getReplyOf(c: In<{ param: ReplyParams; query: z.output<typeof FormatQuery> }>) {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const { loaded, record } = await getCommentReply(ctx, scopeOf(p), p.commentId, p.commentReplyId);
  return presentCommentReply(ctx, loaded, record, c.req.valid("query").format);
}

/** The change-request twin accepts `resolved` (the reference lists it) and ignores it: replies have no status. */
export async function updateReplyOf(
  c: In<{ param: ReplyParams; json: z.output<typeof UpdateChangeRequestReplyBody> }>,
) {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const { resolved: _resolved, body, ...rest } = c.req.valid("json") ?? {};
  const { loaded, record } = await updateComment(ctx, scopeOf(p), p.commentReplyId, p.commentId, {
    ...rest,
    markdown: bodyMarkdown(body),
  });
  return presentCommentReply(ctx, loaded, record);
}

export async function deleteReplyOf(c: In<{ param: ReplyParams }>) {
  const p = c.req.valid("param");
  await deleteComment(serviceContext(c), scopeOf(p), p.commentReplyId, p.commentId);
}

export async function listCommentersOf(c: In<{ param: TargetParams; query: z.output<typeof PageQuery> }>) {
  const ctx = serviceContext(c);
  const page = await listCommenters(ctx, scopeOf(c.req.valid("param")), c.req.valid("query"));
  return { ...page, items: page.items.map((m) => presentMember(m, ctx.urls)) };
}
