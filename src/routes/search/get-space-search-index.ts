import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentSearchIndexHealth } from "../../presenters/search";
import { checkSearchIndex } from "../../services/search";
import { SearchIndexHealthSchema } from "../../wire/search";
import { SpaceParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/search/index",
  operationId: "getSpaceSearchIndex",
  tags: ["spaces"],
  summary: "Check a space's search index",
  description:
    "Quire's own, for space admins: the search index checked page by page against the space's main revision " +
    "(pages missing, stale, moved, extra, or indexed without text). `upToDate: false` is what repairSpaceSearchIndex " +
    "fixes. Reads the whole revision: a tool, not a read to poll.",
  request: { params: SpaceParams },
  responses: { 200: json(SearchIndexHealthSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const view = await checkSearchIndex(serviceContext(c), c.req.valid("param").spaceId);
  return c.json(presentSearchIndexHealth(view), 200);
};
