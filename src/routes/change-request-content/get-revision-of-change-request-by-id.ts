import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentRevisionJson } from "../../presenters/revision";
import { readRevision } from "../../services/revisions";
import { encodedJson, json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import { ContentQuery, computedOpt } from "../../wire/content-query";
import { RevisionSchema } from "../../wire/revision";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content",
  operationId: "getRevisionOfChangeRequestById",
  tags: ["change-request-content"],
  summary: "Get the latest content revision of a change request",
  request: { params: ChangeRequestParams, query: ContentQuery },
  responses: { 200: json(RevisionSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await readRevision(
    ctx,
    p.spaceId,
    { kind: "change-request" as const, ref: p.changeRequestId },
    computedOpt(c),
  );
  return encodedJson(c, presentRevisionJson(ctx, p.spaceId, view));
};
