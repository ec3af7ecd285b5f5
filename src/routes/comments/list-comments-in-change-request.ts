import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import { CommentListQuery } from "./schemas";
import { CommentList } from "../../wire/comment";
import { listCommentsOf } from "./handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments",
  operationId: "listCommentsInChangeRequest",
  tags: ["comments"],
  summary: "List the comments of a change request",
  request: { params: ChangeRequestParams, query: CommentListQuery },
  responses: { 200: json(CommentList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await listCommentsOf(c), 200);
