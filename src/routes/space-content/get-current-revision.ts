import { type AppRouteHandler, defineRoute } from "../../http/router";
import { encodedJson, json } from "../../http/responses";
import { ContentQuery } from "../../wire/content-query";
import { RevisionSchema } from "../../wire/revision";
import { SpaceParams } from "../../wire/params";
import { getRevisionOn } from "../../http/content-handlers";

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

export const handler: AppRouteHandler<typeof route> = async (c) => encodedJson(c, await getRevisionOn(c));
