import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentCommentReply } from "../../presenters/comment";
import { postCommentReply } from "../../services/comments";
import { json } from "../../http/responses";
import { CommentReplySchema, bodyMarkdown } from "../../wire/comment";
import { PostReplyBody, SpaceCommentParams, scopeOf } from "./schemas";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/comments/{commentId}/replies",
  operationId: "postCommentReplyInSpace",
  tags: ["comments"],
  summary: "Reply to a comment of a space",
  request: {
    params: SpaceCommentParams,
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
  return c.json(presentCommentReply(ctx, loaded, record), 200);
};
