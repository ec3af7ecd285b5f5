import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { PageQuery } from "./schemas";
import { TeamPermissionList } from "../../wire/permission";
import { CollectionParams } from "../../wire/params";
import { listTeamPermissionsOn } from "./handlers";

export const route = defineRoute({
  method: "get",
  path: "/collections/{collectionId}/permissions/teams",
  operationId: "listTeamPermissionsInCollection",
  tags: ["collections"],
  summary: "List the teams granted a role on the collection",
  description: "Team grants on the collection itself. Needs `admin` on the collection.",
  request: {
    params: CollectionParams,
    query: PageQuery,
  },
  responses: {
    200: json(TeamPermissionList),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await listTeamPermissionsOn(c), 200);
