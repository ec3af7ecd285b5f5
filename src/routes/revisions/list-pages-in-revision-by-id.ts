import { type AppRouteHandler, defineRoute } from "../../http/router";
import { encodedJson, json } from "../../http/responses";
import { ContentQuery } from "../../wire/content-query";
import { PagesSchema } from "../../wire/revision";
import { RevisionParams } from "../../wire/params";
import { listPagesOn } from "../../http/content-handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/revisions/{revisionId}/pages",
  operationId: "listPagesInRevisionById",
  anonymous: true,
  tags: ["revisions"],
  summary: "List the pages of a revision",
  request: { params: RevisionParams, query: ContentQuery },
  responses: { 200: json(PagesSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => encodedJson(c, await listPagesOn(c));
