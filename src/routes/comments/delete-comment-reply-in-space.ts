import { type AppRouteHandler, defineRoute } from "../../http/router";
import { SpaceReplyParams } from "./schemas";
import { deleteReplyOf } from "./handlers";

export const route = defineRoute({
  method: "delete",
  path: "/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}",
  operationId: "deleteCommentReplyInSpace",
  tags: ["comments"],
  summary: "Delete a reply in a space",
  request: { params: SpaceReplyParams },
  responses: { 204: { description: "Deleted (or did not exist)" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  await deleteReplyOf(c);
  return c.body(null, 204);
};
