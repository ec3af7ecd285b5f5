import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import { ChangesQuery } from "../../wire/content-query";
import { SemanticChangesSchema } from "../../wire/revision";
import { getChangesOn } from "../../http/content-handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/changes",
  operationId: "getChangeRequestChanges",
  tags: ["change-requests"],
  summary: "Semantic changes between a change request and its base revision",
  request: { params: ChangeRequestParams, query: ChangesQuery },
  responses: { 200: json(SemanticChangesSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await getChangesOn(c), 200);
