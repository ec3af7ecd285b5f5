import { type AppRouteHandler, defineRoute } from "../../http/router";
import { SpaceTeamParams, UpdatePermissionBody } from "./schemas";
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
    body: { required: true, content: { "application/json": { schema: UpdatePermissionBody } } },
  },
  responses: {
    204: { description: "Team permission was updated" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  await updatePermissionOn(c);
  return c.body(null, 204);
};
