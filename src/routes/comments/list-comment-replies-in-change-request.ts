import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentCommentReply } from "../../presenters/comment";
import { listCommentReplies } from "../../services/comments";
import { json } from "../../http/responses";
import { ChangeRequestCommentParams, CommentReplyList, ReplyListQuery, scopeOf } from "./schemas";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies",
  operationId: "listCommentRepliesInChangeRequest",
  tags: ["comments"],
  summary: "List the replies to a comment of a change request",
  description: "Oldest first.",
  request: { params: ChangeRequestCommentParams, query: ReplyListQuery },
  responses: { 200: json(CommentReplyList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const query = c.req.valid("query");
  const { loaded, page } = await listCommentReplies(ctx, scopeOf(p), p.commentId, query);
  return c.json({ ...page, items: page.items.map((r) => presentCommentReply(ctx, loaded, r, query.format)) }, 200);
};
