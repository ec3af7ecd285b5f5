import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { revokeGrant } from "../../services/access";
import { CollectionTeamParams } from "./schemas";

export const route = defineRoute({
  method: "delete",
  path: "/collections/{collectionId}/permissions/teams/{teamId}",
  operationId: "removeTeamFromCollection",
  tags: ["collections"],
  summary: "Remove a team from the collection",
  description:
    "Takes back the team's grant on the collection: 205, or 204 when there was none. Needs `admin` on the collection.",
  request: {
    params: CollectionTeamParams,
  },
  responses: {
    204: { description: "The team no longer has a grant on the collection" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  await revokeGrant(serviceContext(c), { kind: "collection", id: p.collectionId } as const, {
    kind: "team",
    id: p.teamId,
  });
  return c.body(null, 204);
};
