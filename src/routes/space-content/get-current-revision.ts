import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentRevisionJson } from "../../presenters/revision";
import { readRevision } from "../../services/revisions";
import { encodedJson, json } from "../../http/responses";
import { ContentQuery, computedOpt } from "../../wire/content-query";
import { RevisionSchema } from "../../wire/revision";
import { SpaceParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/content",
  operationId: "getCurrentRevision",
  anonymous: true,
  authInFirstRead: true,
  tags: ["space-content"],
  summary: "Get the space's current revision",
  request: { params: SpaceParams, query: ContentQuery },
  responses: { 200: json(RevisionSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await readRevision(ctx, p.spaceId, { kind: "main" as const }, computedOpt(c));
  return encodedJson(c, presentRevisionJson(ctx, p.spaceId, view));
};
