import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { ChangesQuery, ContentQuery } from "../../wire/content-query";
import { RevisionParams } from "../../wire/params";
import { SemanticChangesSchema } from "../../wire/revision";
import { getChangesOn } from "../../http/content-handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/revisions/{revisionId}/changes",
  operationId: "getRevisionSemanticChanges",
  tags: ["revisions"],
  summary: "Semantic changes between a revision and its parent",
  request: { params: RevisionParams, query: ContentQuery.extend(ChangesQuery.shape) },
  responses: { 200: json(SemanticChangesSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await getChangesOn(c), 200);
