import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { deleteComment } from "../../services/comments";
import { SpaceCommentParams, scopeOf } from "./schemas";

export const route = defineRoute({
  method: "delete",
  path: "/spaces/{spaceId}/comments/{commentId}",
  operationId: "deleteCommentInSpace",
  tags: ["comments"],
  summary: "Delete a comment of a space (with its replies)",
  request: { params: SpaceCommentParams },
  responses: { 204: { description: "Deleted with its replies (or did not exist)" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  await deleteComment(ctx, scopeOf(p), p.commentId, null);
  return c.body(null, 204);
};
