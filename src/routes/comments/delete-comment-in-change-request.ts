import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { deleteComment } from "../../services/comments";
import { ChangeRequestCommentParams, scopeOf } from "./schemas";

export const route = defineRoute({
  method: "delete",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}",
  operationId: "deleteCommentInChangeRequest",
  tags: ["comments"],
  summary: "Delete a comment of a change request (with its replies)",
  request: { params: ChangeRequestCommentParams },
  responses: { 204: { description: "Deleted with its replies (or did not exist)" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  await deleteComment(ctx, scopeOf(p), p.commentId, null);
  return c.body(null, 204);
};
