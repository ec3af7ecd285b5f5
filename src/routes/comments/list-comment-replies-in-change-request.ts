import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { ChangeRequestCommentParams, ReplyListQuery } from "./schemas";
import { CommentReplyList } from "../../wire/comment";
import { listRepliesOf } from "./handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies",
  operationId: "listCommentRepliesInChangeRequest",
  tags: ["comments"],
  summary: "List the replies to a comment of a change request",
  description: "Oldest first.",
  request: { params: ChangeRequestCommentParams, query: ReplyListQuery },
  responses: { 200: json(CommentReplyList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await listRepliesOf(c), 200);
