import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { ChangeRequestCommentParams, FormatQuery } from "./schemas";
import { CommentSchema } from "../../wire/comment";
import { getCommentOf } from "./handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}",
  operationId: "getCommentInChangeRequest",
  tags: ["comments"],
  summary: "Get a comment of a change request",
  request: { params: ChangeRequestCommentParams, query: FormatQuery },
  responses: { 200: json(CommentSchema, "The returned comment.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await getCommentOf(c), 200);
