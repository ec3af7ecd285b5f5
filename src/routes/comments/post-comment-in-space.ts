import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { SpaceParams } from "../../wire/params";
import { CommentSchema } from "../../wire/comment";
import { PostCommentBody } from "./schemas";
import { postCommentOn } from "./handlers";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/comments",
  operationId: "postCommentInSpace",
  tags: ["comments"],
  summary: "Post a comment on a space",
  request: {
    params: SpaceParams,
    body: { required: true, content: { "application/json": { schema: PostCommentBody } } },
  },
  responses: { 200: json(CommentSchema, "The comment was posted.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await postCommentOn(c), 200);
