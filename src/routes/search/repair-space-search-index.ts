import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentSearchIndexHealth } from "../../presenters/search";
import { repairSearchIndex } from "../../services/search";
import { SearchIndexHealthSchema } from "../../wire/search";
import { SpaceParams } from "../../wire/params";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/search/index/repair",
  operationId: "repairSpaceSearchIndex",
  tags: ["spaces"],
  summary: "Repair a space's search index",
  description:
    "Quire's own, for space admins: checks the index as getSpaceSearchIndex does and, unless it is up to date, " +
    "queues a job that re-indexes every page that differs (`repairQueued: true`). Answers the check as it was " +
    "before the repair; getSpaceSearchIndex shows it done.",
  request: { params: SpaceParams },
  responses: { 202: json(SearchIndexHealthSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const view = await repairSearchIndex(serviceContext(c), c.req.valid("param").spaceId);
  return c.json(presentSearchIndexHealth(view), 202);
};
