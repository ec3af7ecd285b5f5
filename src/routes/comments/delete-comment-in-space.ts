import { type AppRouteHandler, defineRoute } from "../../http/router";
import { SpaceCommentParams } from "./schemas";
import { deleteCommentOf } from "./handlers";

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
  await deleteCommentOf(c);
  return c.body(null, 204);
};
