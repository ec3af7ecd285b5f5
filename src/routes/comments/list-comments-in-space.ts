import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentComment } from "../../presenters/comment";
import { listComments } from "../../services/comments";
import { json } from "../../http/responses";
import { SpaceParams } from "../../wire/params";
import { CommentList, CommentListQuery, scopeOf } from "./schemas";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/comments",
  operationId: "listCommentsInSpace",
  tags: ["comments"],
  summary: "List the comments of a space",
  request: { params: SpaceParams, query: CommentListQuery },
  responses: { 200: json(CommentList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const query = c.req.valid("query");
  const { loaded, page } = await listComments(ctx, scopeOf(c.req.valid("param")), query);
  return c.json({ ...page, items: page.items.map((r) => presentComment(ctx, loaded, r, query.format)) }, 200);
};
