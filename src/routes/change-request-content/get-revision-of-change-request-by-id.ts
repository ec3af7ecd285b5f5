import { type AppRouteHandler, defineRoute } from "../../http/router";
import { encodedJson, json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import { ContentQuery } from "../../wire/content-query";
import { RevisionSchema } from "../../wire/revision";
import { getRevisionOn } from "../../http/content-handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content",
  operationId: "getRevisionOfChangeRequestById",
  tags: ["change-request-content"],
  summary: "Get the latest content revision of a change request",
  request: { params: ChangeRequestParams, query: ContentQuery },
  responses: { 200: json(RevisionSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => encodedJson(c, await getRevisionOn(c));
