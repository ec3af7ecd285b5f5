import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentCommentReply } from "../../presenters/comment";
import { updateComment } from "../../services/comments";
import { json } from "../../http/responses";
import { CommentReplySchema, bodyMarkdown } from "../../wire/comment";
import { SpaceReplyParams, UpdateReplyBody, scopeOf } from "./schemas";

export const route = defineRoute({
  method: "put",
  path: "/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}",
  operationId: "updateCommentReplyInSpace",
  tags: ["comments"],
  summary: "Edit or react to a reply in a space",
  description: "`body`: the author only. Reactions: the comment role and up.",
  request: {
    params: SpaceReplyParams,
    body: { required: true, content: { "application/json": { schema: UpdateReplyBody } } },
  },
  responses: { 200: json(CommentReplySchema, "The reply was updated.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const { body, ...rest } = c.req.valid("json") ?? {};
  const { loaded, record } = await updateComment(ctx, scopeOf(p), p.commentReplyId, p.commentId, {
    ...rest,
    markdown: bodyMarkdown(body),
  });
  return c.json(presentCommentReply(ctx, loaded, record), 200);
};
