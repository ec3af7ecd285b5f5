import { type AppRouteHandler, defineRoute } from "../../http/router";
import { CollectionTeamParams, UpdatePermissionBody } from "./schemas";
import { updatePermissionOn } from "./handlers";

export const route = defineRoute({
  method: "patch",
  path: "/collections/{collectionId}/permissions/teams/{teamId}",
  operationId: "updateTeamPermissionInCollection",
  tags: ["collections"],
  summary: "Update a team's role on the collection",
  description:
    "The team must hold a grant on the collection (else 404); `role: null` takes it back. Needs `admin` on the collection.",
  request: {
    params: CollectionTeamParams,
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
