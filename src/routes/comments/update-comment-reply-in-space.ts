import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { CommentReplySchema } from "../../wire/comment";
import { SpaceReplyParams, UpdateReplyBody } from "./schemas";
import { updateReplyOf } from "./handlers";

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

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await updateReplyOf(c), 200);
