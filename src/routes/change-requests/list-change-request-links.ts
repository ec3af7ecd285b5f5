import { type AppRouteHandler, defineRoute } from "../../http/router";
import { ChangeRequestLinkQuery, LinkList } from "../../wire/links";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import { listLinksOn } from "../../http/content-handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/links",
  operationId: "listChangeRequestLinks",
  tags: ["change-requests"],
  summary: "List the links of a change request",
  request: { params: ChangeRequestParams, query: ChangeRequestLinkQuery },
  responses: { 200: json(LinkList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await listLinksOn(c), 200);
