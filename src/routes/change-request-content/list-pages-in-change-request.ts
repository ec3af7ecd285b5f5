import { type AppRouteHandler, defineRoute } from "../../http/router";
import { encodedJson, json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import { ContentQuery } from "../../wire/content-query";
import { PagesSchema } from "../../wire/revision";
import { listPagesOn } from "../../http/content-handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages",
  operationId: "listPagesInChangeRequest",
  tags: ["change-request-content"],
  summary: "List the pages of a change request",
  request: { params: ChangeRequestParams, query: ContentQuery },
  responses: { 200: json(PagesSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => encodedJson(c, await listPagesOn(c));
