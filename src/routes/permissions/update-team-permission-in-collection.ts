import { type AppRouteHandler, defineRoute } from "../../http/router";
import { CollectionTeamParams, updatePermissionBody } from "./schemas";
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
    body: updatePermissionBody,
  },
  responses: {
    204: { description: "Team permission was updated" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.body(null, await updatePermissionOn(c));
