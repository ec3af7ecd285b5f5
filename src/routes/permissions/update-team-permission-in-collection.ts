import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { updateGrant } from "../../services/access";
import { CollectionTeamParams, UpdatePermissionBody } from "./schemas";

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
  const p = c.req.valid("param");
  await updateGrant(
    serviceContext(c),
    { kind: "collection", id: p.collectionId } as const,
    { kind: "team", id: p.teamId },
    c.req.valid("json").role,
  );
  return c.body(null, 204);
};
