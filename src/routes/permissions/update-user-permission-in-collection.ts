import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { updateGrant } from "../../services/access";
import { CollectionUserParams, UpdatePermissionBody } from "./schemas";

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
    body: { required: true, content: { "application/json": { schema: UpdatePermissionBody } } },
  },
  responses: {
    204: { description: "User permission was updated" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  await updateGrant(
    serviceContext(c),
    { kind: "collection", id: p.collectionId } as const,
    { kind: "user", id: p.userId },
    c.req.valid("json").role,
  );
  return c.body(null, 204);
};
