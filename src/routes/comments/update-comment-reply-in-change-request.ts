import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { ChangeRequestReplyParams, UpdateChangeRequestReplyBody } from "./schemas";
import { CommentReplySchema } from "../../wire/comment";
import { updateReplyOf } from "./handlers";

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

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await updateReplyOf(c), 200);
