import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { CommentSchema } from "../../wire/comment";
import { SpaceCommentParams, UpdateCommentBody } from "./schemas";
import { updateCommentOf } from "./handlers";

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

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await updateCommentOf(c), 200);
