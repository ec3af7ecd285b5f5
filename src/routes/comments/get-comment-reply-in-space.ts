import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentCommentReply } from "../../presenters/comment";
import { getCommentReply } from "../../services/comments";
import { json } from "../../http/responses";
import { CommentReplySchema } from "../../wire/comment";
import { FormatQuery, SpaceReplyParams, scopeOf } from "./schemas";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}",
  operationId: "getCommentReplyInSpace",
  tags: ["comments"],
  summary: "Get a reply to a comment of a space",
  request: { params: SpaceReplyParams, query: FormatQuery },
  responses: { 200: json(CommentReplySchema, "The returned comment reply.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const { loaded, record } = await getCommentReply(ctx, scopeOf(p), p.commentId, p.commentReplyId);
  return c.json(presentCommentReply(ctx, loaded, record, c.req.valid("query").format), 200);
};
