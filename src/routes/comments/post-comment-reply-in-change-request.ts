import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentCommentReply } from "../../presenters/comment";
import { postCommentReply } from "../../services/comments";
import { json } from "../../http/responses";
import { ChangeRequestCommentParams, FormatQuery, PostReplyBody, scopeOf } from "./schemas";
import { CommentReplySchema, bodyMarkdown } from "../../wire/comment";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies",
  operationId: "postCommentReplyInChangeRequest",
  tags: ["comments"],
  summary: "Reply to a comment of a change request",
  request: {
    params: ChangeRequestCommentParams,
    query: FormatQuery,
    body: { required: true, content: { "application/json": { schema: PostReplyBody } } },
  },
  responses: { 200: json(CommentReplySchema, "The reply was posted.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const { loaded, record } = await postCommentReply(
    ctx,
    scopeOf(p),
    p.commentId,
    bodyMarkdown(c.req.valid("json").body),
  );
  return c.json(presentCommentReply(ctx, loaded, record, c.req.valid("query").format), 200);
};
