import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { ReplyListQuery, SpaceCommentParams } from "./schemas";
import { CommentReplyList } from "../../wire/comment";
import { listRepliesOf } from "./handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/comments/{commentId}/replies",
  operationId: "listCommentRepliesInSpace",
  tags: ["comments"],
  summary: "List the replies to a comment of a space",
  description: "Oldest first.",
  request: { params: SpaceCommentParams, query: ReplyListQuery },
  responses: { 200: json(CommentReplyList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await listRepliesOf(c), 200);
