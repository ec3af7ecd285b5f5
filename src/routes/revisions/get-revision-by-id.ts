import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentRevisionJson } from "../../presenters/revision";
import { readRevision } from "../../services/revisions";
import { encodedJson, json } from "../../http/responses";
import { ContentQuery, computedOpt } from "../../wire/content-query";
import { RevisionParams } from "../../wire/params";
import { RevisionSchema } from "../../wire/revision";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/revisions/{revisionId}",
  operationId: "getRevisionById",
  tags: ["revisions"],
  summary: "Get a space revision by its ID",
  request: { params: RevisionParams, query: ContentQuery },
  responses: { 200: json(RevisionSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await readRevision(
    ctx,
    p.spaceId,
    { kind: "revision" as const, revisionId: p.revisionId },
    computedOpt(c),
  );
  return encodedJson(c, presentRevisionJson(ctx, p.spaceId, view));
};
