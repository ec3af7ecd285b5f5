import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { readSemanticChanges } from "../../services/revisions";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import { ChangesQuery } from "../../wire/content-query";
import { SemanticChangesSchema } from "../../wire/revision";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/changes",
  operationId: "getChangeRequestChanges",
  tags: ["change-requests"],
  summary: "Semantic changes between a change request and its base revision",
  request: { params: ChangeRequestParams, query: ChangesQuery },
  responses: { 200: json(SemanticChangesSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const ref = p.changeRequestId;
  const ctx = serviceContext(c);
  const changes = await readSemanticChanges(
    ctx,
    p.spaceId,
    { kind: "change-request", ref },
    { kind: "merge-base", ref },
    c.req.valid("query").limit,
  );
  return c.json(changes, 200);
};
