import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { CommentSchema } from "../../wire/comment";
import { FormatQuery, SpaceCommentParams } from "./schemas";
import { getCommentOf } from "./handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/comments/{commentId}",
  operationId: "getCommentInSpace",
  tags: ["comments"],
  summary: "Get a comment of a space",
  request: { params: SpaceCommentParams, query: FormatQuery },
  responses: { 200: json(CommentSchema, "The returned comment.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await getCommentOf(c), 200);
