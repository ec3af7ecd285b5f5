import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import { CommentSchema } from "../../wire/comment";
import { PostCommentBody } from "./schemas";
import { postCommentOn } from "./handlers";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments",
  operationId: "postCommentInChangeRequest",
  tags: ["comments"],
  summary: "Post a comment on a change request",
  request: {
    params: ChangeRequestParams,
    body: { required: true, content: { "application/json": { schema: PostCommentBody } } },
  },
  responses: { 200: json(CommentSchema, "The comment was posted.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await postCommentOn(c), 200);
