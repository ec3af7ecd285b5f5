import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentCommentReply } from "../../presenters/comment";
import { getCommentReply } from "../../services/comments";
import { json } from "../../http/responses";
import { ChangeRequestReplyParams, FormatQuery, scopeOf } from "./schemas";
import { CommentReplySchema } from "../../wire/comment";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}",
  operationId: "getCommentReplyInChangeRequest",
  tags: ["comments"],
  summary: "Get a reply to a comment of a change request",
  request: { params: ChangeRequestReplyParams, query: FormatQuery },
  responses: { 200: json(CommentReplySchema, "The returned comment reply.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const { loaded, record } = await getCommentReply(ctx, scopeOf(p), p.commentId, p.commentReplyId);
  return c.json(presentCommentReply(ctx, loaded, record, c.req.valid("query").format), 200);
};
