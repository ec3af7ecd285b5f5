import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentGitSyncState } from "../../presenters/git";
import { getSpaceGitInfo } from "../../services/git";
import { SpaceParams } from "../../wire/params";
import { GitSyncStateSchema } from "../../wire/git";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/git/info",
  operationId: "getSpaceGitInfo",
  tags: ["git"],
  summary: "Get space Git info",
  description:
    "Get metadata about the Git Sync provider currently set up on the space; Quire adds `lastSync`, the outcome of the last sync job.",
  request: { params: SpaceParams },
  responses: { 200: json(GitSyncStateSchema, "The Git Sync info for the space") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const state = await getSpaceGitInfo(serviceContext(c), c.req.valid("param").spaceId);
  return c.json(presentGitSyncState(state), 200);
};
