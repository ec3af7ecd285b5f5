import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentSearchPages } from "../../presenters/search";
import { searchSpace } from "../../services/search";
import { json } from "../../http/responses";
import { SpaceParams } from "../../wire/params";
import { SearchQuery } from "./schemas";
import { SearchPageResultList } from "../../wire/search";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/search",
  operationId: "searchSpaceContent",
  anonymous: true,
  authInFirstRead: true,
  tags: ["spaces"],
  summary: "Search content in a space",
  description:
    "Full-text search of the space's primary content: pages best first (bm25, title matches above body matches), each with its best sections and a snippet. The last word matches as a prefix; CJK text and parts of words are found through a trigram index.",
  request: { params: SpaceParams, query: SearchQuery },
  responses: { 200: json(SearchPageResultList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const view = await searchSpace(ctx, c.req.valid("param").spaceId, c.req.valid("query"));
  return c.json(presentSearchPages(ctx, view), 200);
};
