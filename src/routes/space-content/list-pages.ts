import { type AppRouteHandler, defineRoute } from "../../http/router";
import { encodedJson, json } from "../../http/responses";
import { ContentQuery } from "../../wire/content-query";
import { PagesSchema } from "../../wire/revision";
import { SpaceParams } from "../../wire/params";
import { listPagesOn } from "../../http/content-handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/content/pages",
  operationId: "listPages",
  anonymous: true,
  authInFirstRead: true,
  tags: ["space-content"],
  summary: "List all space pages",
  request: { params: SpaceParams, query: ContentQuery },
  responses: { 200: json(PagesSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => encodedJson(c, await listPagesOn(c));
