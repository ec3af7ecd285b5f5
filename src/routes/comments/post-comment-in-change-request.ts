import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentComment } from "../../presenters/comment";
import { postComment } from "../../services/comments";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import { CommentSchema, bodyMarkdown } from "../../wire/comment";
import { PostCommentBody, scopeOf } from "./schemas";

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

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { body, ...target } = c.req.valid("json");
  const { loaded, record } = await postComment(ctx, scopeOf(c.req.valid("param")), {
    ...target,
    markdown: bodyMarkdown(body),
  });
  return c.json(presentComment(ctx, loaded, record), 200);
};
