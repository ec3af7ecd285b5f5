import { type AppRouteHandler, defineRoute } from "../../http/router";
import { ChangeRequestReplyParams } from "./schemas";
import { deleteReplyOf } from "./handlers";

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
  await deleteReplyOf(c);
  return c.body(null, 204);
};
