import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentCommentReply } from "../../presenters/comment";
import { updateComment } from "../../services/comments";
import { json } from "../../http/responses";
import { ChangeRequestReplyParams, UpdateChangeRequestReplyBody, scopeOf } from "./schemas";
import { CommentReplySchema, bodyMarkdown } from "../../wire/comment";

export const route = defineRoute({
  method: "put",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}",
  operationId: "updateCommentReplyInChangeRequest",
  tags: ["comments"],
  summary: "Edit or react to a reply in a change request",
  description:
    "`body`: the author only. Reactions: the comment role and up. `resolved` is accepted (the reference lists it) and ignored: replies have no status.",
  request: {
    params: ChangeRequestReplyParams,
    body: { required: true, content: { "application/json": { schema: UpdateChangeRequestReplyBody } } },
  },
  responses: { 200: json(CommentReplySchema, "The reply was updated.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const { resolved: _resolved, body, ...rest } = c.req.valid("json") ?? {};
  const { loaded, record } = await updateComment(ctx, scopeOf(p), p.commentReplyId, p.commentId, {
    ...rest,
    markdown: bodyMarkdown(body),
  });
  return c.json(presentCommentReply(ctx, loaded, record), 200);
};
