import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { deleteComment } from "../../services/comments";
import { ChangeRequestReplyParams, scopeOf } from "./schemas";

export const route = defineRoute({
  method: "delete",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}",
  operationId: "deleteCommentReplyInChangeRequest",
  tags: ["comments"],
  summary: "Delete a reply in a change request",
  request: { params: ChangeRequestReplyParams },
  responses: { 204: { description: "Deleted (or did not exist)" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  await deleteComment(ctx, scopeOf(p), p.commentReplyId, p.commentId);
  return c.body(null, 204);
};
