import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { ChangeRequestReplyParams, FormatQuery } from "./schemas";
import { CommentReplySchema } from "../../wire/comment";
import { getReplyOf } from "./handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}",
  operationId: "getCommentReplyInChangeRequest",
  tags: ["comments"],
  summary: "Get a reply to a comment of a change request",
  request: { params: ChangeRequestReplyParams, query: FormatQuery },
  responses: { 200: json(CommentReplySchema, "The returned comment reply.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await getReplyOf(c), 200);
