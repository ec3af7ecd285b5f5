import { type AppRouteHandler, defineRoute } from "../../http/router";
import { PageQuery } from "../../wire/common";
import { MemberList } from "../../wire/member";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import { listCommentersOf } from "./handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/commenters",
  operationId: "listCommentersInChangeRequest",
  tags: ["comments"],
  summary: "List the members who commented in a change request",
  request: { params: ChangeRequestParams, query: PageQuery },
  responses: { 200: json(MemberList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await listCommentersOf(c), 200);
