import { type AppRouteHandler, defineRoute } from "../../http/router";
import { CollectionTeamParams } from "./schemas";
import { removeFrom } from "./handlers";

export const route = defineRoute({
  method: "delete",
  path: "/collections/{collectionId}/permissions/teams/{teamId}",
  operationId: "removeTeamFromCollection",
  tags: ["collections"],
  summary: "Remove a team from the collection",
  description:
    "Takes back the team's grant on the collection: 205, or 204 when there was none. Needs `admin` on the collection.",
  request: {
    params: CollectionTeamParams,
  },
  responses: {
    204: { description: "The team no longer has a grant on the collection" },
    205: { description: "The grant was taken back" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.body(null, await removeFrom(c));
