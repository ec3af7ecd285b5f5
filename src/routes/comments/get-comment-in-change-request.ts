import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentComment } from "../../presenters/comment";
import { getComment } from "../../services/comments";
import { json } from "../../http/responses";
import { ChangeRequestCommentParams, FormatQuery, scopeOf } from "./schemas";
import { CommentSchema } from "../../wire/comment";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}",
  operationId: "getCommentInChangeRequest",
  tags: ["comments"],
  summary: "Get a comment of a change request",
  request: { params: ChangeRequestCommentParams, query: FormatQuery },
  responses: { 200: json(CommentSchema, "The returned comment.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const { loaded, record } = await getComment(ctx, scopeOf(p), p.commentId);
  return c.json(presentComment(ctx, loaded, record, c.req.valid("query").format), 200);
};
