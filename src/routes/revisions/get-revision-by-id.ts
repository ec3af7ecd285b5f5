import { type AppRouteHandler, defineRoute } from "../../http/router";
import { encodedJson, json } from "../../http/responses";
import { ContentQuery } from "../../wire/content-query";
import { RevisionParams } from "../../wire/params";
import { RevisionSchema } from "../../wire/revision";
import { getRevisionOn } from "../../http/content-handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/revisions/{revisionId}",
  operationId: "getRevisionById",
  anonymous: true,
  tags: ["revisions"],
  summary: "Get a space revision by its ID",
  request: { params: RevisionParams, query: ContentQuery },
  responses: { 200: json(RevisionSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => encodedJson(c, await getRevisionOn(c));
