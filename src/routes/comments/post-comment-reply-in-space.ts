import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { CommentReplySchema } from "../../wire/comment";
import { PostReplyBody, SpaceCommentParams } from "./schemas";
import { postReplyTo } from "./handlers";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/comments/{commentId}/replies",
  operationId: "postCommentReplyInSpace",
  tags: ["comments"],
  summary: "Reply to a comment of a space",
  request: {
    params: SpaceCommentParams,
    body: { required: true, content: { "application/json": { schema: PostReplyBody } } },
  },
  responses: { 200: json(CommentReplySchema, "The reply was posted.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await postReplyTo(c), 200);
