import { type AppRouteHandler, defineRoute } from "../../http/router";
import { CollectionUserParams } from "./schemas";
import { removeFrom } from "./handlers";

export const route = defineRoute({
  method: "delete",
  path: "/collections/{collectionId}/permissions/users/{userId}",
  operationId: "removeUserFromCollection",
  tags: ["collections"],
  summary: "Remove a user from the collection",
  description:
    "Takes back the user's grant on the collection: 205, or 204 when there was none. Needs `admin` on the collection.",
  request: {
    params: CollectionUserParams,
  },
  responses: {
    204: { description: "The user no longer has a grant on the collection" },
    205: { description: "The grant was taken back" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.body(null, await removeFrom(c));
