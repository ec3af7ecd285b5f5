import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { CommentReplySchema } from "../../wire/comment";
import { FormatQuery, SpaceReplyParams } from "./schemas";
import { getReplyOf } from "./handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}",
  operationId: "getCommentReplyInSpace",
  tags: ["comments"],
  summary: "Get a reply to a comment of a space",
  request: { params: SpaceReplyParams, query: FormatQuery },
  responses: { 200: json(CommentReplySchema, "The returned comment reply.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await getReplyOf(c), 200);
