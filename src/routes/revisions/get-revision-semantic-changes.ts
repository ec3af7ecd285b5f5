import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { readSemanticChanges } from "../../services/revisions";
import { json } from "../../http/responses";
import { ChangesQuery, ContentQuery } from "../../wire/content-query";
import { RevisionParams } from "../../wire/params";
import { SemanticChangesSchema } from "../../wire/revision";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/revisions/{revisionId}/changes",
  operationId: "getRevisionSemanticChanges",
  tags: ["revisions"],
  summary: "Semantic changes between a revision and its parent",
  request: { params: RevisionParams, query: ContentQuery.extend(ChangesQuery.shape) },
  responses: { 200: json(SemanticChangesSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const ctx = serviceContext(c);
  const changes = await readSemanticChanges(
    ctx,
    p.spaceId,
    { kind: "revision", revisionId: p.revisionId },
    "first-parent",
    c.req.valid("query").limit,
  );
  return c.json(changes, 200);
};
