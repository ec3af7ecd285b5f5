import { type AppRouteHandler, defineRoute } from "../../http/router";
import { CollectionUserParams, updatePermissionBody } from "./schemas";
import { updatePermissionOn } from "./handlers";

export const route = defineRoute({
  method: "patch",
  path: "/collections/{collectionId}/permissions/users/{userId}",
  operationId: "updateUserPermissionInCollection",
  tags: ["collections"],
  summary: "Update a user's role on the collection",
  description:
    "The user must hold a grant on the collection (else 404); `role: null` takes it back. Needs `admin` on the collection.",
  request: {
    params: CollectionUserParams,
    body: updatePermissionBody,
  },
  responses: {
    204: { description: "User permission was updated" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.body(null, await updatePermissionOn(c));
