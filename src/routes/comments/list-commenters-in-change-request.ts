import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { PageQuery } from "../../wire/common";
import { presentMember } from "../../presenters/member";
import { listCommenters } from "../../services/comments";
import { MemberList } from "../../wire/member";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import { scopeOf } from "./schemas";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/commenters",
  operationId: "listCommentersInChangeRequest",
  tags: ["comments"],
  summary: "List the members who commented in a change request",
  request: { params: ChangeRequestParams, query: PageQuery },
  responses: { 200: json(MemberList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const page = await listCommenters(ctx, scopeOf(c.req.valid("param")), c.req.valid("query"));
  return c.json({ ...page, items: page.items.map((m) => presentMember(m, ctx.urls)) }, 200);
};
