import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { revokeGrant } from "../../services/access";
import { CollectionUserParams } from "./schemas";

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
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  await revokeGrant(serviceContext(c), { kind: "collection", id: p.collectionId } as const, {
    kind: "user",
    id: p.userId,
  });
  return c.body(null, 204);
};
