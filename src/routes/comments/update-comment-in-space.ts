import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentComment } from "../../presenters/comment";
import { updateComment } from "../../services/comments";
import { json } from "../../http/responses";
import { CommentSchema, bodyMarkdown } from "../../wire/comment";
import { SpaceCommentParams, UpdateCommentBody, scopeOf } from "./schemas";

export const route = defineRoute({
  method: "put",
  path: "/spaces/{spaceId}/comments/{commentId}",
  operationId: "updateCommentInSpace",
  tags: ["comments"],
  summary: "Edit, resolve or react to a comment of a space",
  description:
    "`body`: the author only. `resolved` and reactions: the comment role and up. Reactions are the caller's own; removals apply after additions.",
  request: {
    params: SpaceCommentParams,
    body: { required: true, content: { "application/json": { schema: UpdateCommentBody } } },
  },
  responses: { 200: json(CommentSchema, "The comment was updated.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const { body, ...rest } = c.req.valid("json") ?? {};
  const { loaded, record } = await updateComment(ctx, scopeOf(p), p.commentId, null, {
    ...rest,
    markdown: bodyMarkdown(body),
  });
  return c.json(presentComment(ctx, loaded, record), 200);
};
