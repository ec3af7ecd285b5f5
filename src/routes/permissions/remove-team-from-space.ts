import { type AppRouteHandler, defineRoute } from "../../http/router";
import { SpaceTeamParams } from "./schemas";
import { removeFrom } from "./handlers";

export const route = defineRoute({
  method: "delete",
  path: "/spaces/{spaceId}/permissions/teams/{teamId}",
  operationId: "removeTeamFromSpace",
  tags: ["spaces"],
  summary: "Remove a team from the space",
  description: "Takes back the team's grant on the space: 205, or 204 when there was none. Needs `admin` on the space.",
  request: {
    params: SpaceTeamParams,
  },
  responses: {
    204: { description: "The team no longer has a grant on the space" },
    205: { description: "The grant was taken back" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.body(null, await removeFrom(c));
