import { type AppRouteHandler, defineRoute } from "../../http/router";
import { SpaceUserParams, updatePermissionBody } from "./schemas";
import { updatePermissionOn } from "./handlers";

export const route = defineRoute({
  method: "patch",
  path: "/spaces/{spaceId}/permissions/users/{userId}",
  operationId: "updateUserPermissionInSpace",
  tags: ["spaces"],
  summary: "Update a user's role on the space",
  description:
    "The user must hold a grant on the space (else 404); `role: null` takes it back. Needs `admin` on the space.",
  request: {
    params: SpaceUserParams,
    body: updatePermissionBody,
  },
  responses: {
    204: { description: "User permission was updated" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.body(null, await updatePermissionOn(c));
