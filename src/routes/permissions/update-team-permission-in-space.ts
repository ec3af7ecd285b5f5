import { type AppRouteHandler, defineRoute } from "../../http/router";
import { SpaceTeamParams, updatePermissionBody } from "./schemas";
import { updatePermissionOn } from "./handlers";

export const route = defineRoute({
  method: "patch",
  path: "/spaces/{spaceId}/permissions/teams/{teamId}",
  operationId: "updateTeamPermissionInSpace",
  tags: ["spaces"],
  summary: "Update a team's role on the space",
  description:
    "The team must hold a grant on the space (else 404); `role: null` takes it back. Needs `admin` on the space.",
  request: {
    params: SpaceTeamParams,
    body: updatePermissionBody,
  },
  responses: {
    204: { description: "Team permission was updated" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.body(null, await updatePermissionOn(c));
