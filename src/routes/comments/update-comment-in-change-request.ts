import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { ChangeRequestCommentParams, UpdateCommentBody } from "./schemas";
import { CommentSchema } from "../../wire/comment";
import { updateCommentOf } from "./handlers";

export const route = defineRoute({
  method: "put",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}",
  operationId: "updateCommentInChangeRequest",
  tags: ["comments"],
  summary: "Edit, resolve or react to a comment of a change request",
  description:
    "`body`: the author only. `resolved` and reactions: the comment role and up. Reactions are the caller's own; removals apply after additions.",
  request: {
    params: ChangeRequestCommentParams,
    body: { required: true, content: { "application/json": { schema: UpdateCommentBody } } },
  },
  responses: { 200: json(CommentSchema, "The comment was updated.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await updateCommentOf(c), 200);
