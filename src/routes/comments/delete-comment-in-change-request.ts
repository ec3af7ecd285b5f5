import { type AppRouteHandler, defineRoute } from "../../http/router";
import { ChangeRequestCommentParams } from "./schemas";
import { deleteCommentOf } from "./handlers";

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
  await deleteCommentOf(c);
  return c.body(null, 204);
};
