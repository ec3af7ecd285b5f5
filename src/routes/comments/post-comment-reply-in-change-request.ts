import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { ChangeRequestCommentParams, FormatQuery, PostReplyBody } from "./schemas";
import { CommentReplySchema } from "../../wire/comment";
import { postReplyTo } from "./handlers";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies",
  operationId: "postCommentReplyInChangeRequest",
  tags: ["comments"],
  summary: "Reply to a comment of a change request",
  request: {
    params: ChangeRequestCommentParams,
    query: FormatQuery,
    body: { required: true, content: { "application/json": { schema: PostReplyBody } } },
  },
  responses: { 200: json(CommentReplySchema, "The reply was posted.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) =>
  c.json(await postReplyTo(c, c.req.valid("query").format), 200);
