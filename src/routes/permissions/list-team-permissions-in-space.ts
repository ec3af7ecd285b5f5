import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { PageQuery } from "./schemas";
import { TeamPermissionList } from "../../wire/permission";
import { SpaceParams } from "../../wire/params";
import { listTeamPermissionsOn } from "./handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/permissions/teams",
  operationId: "listTeamPermissionsInSpace",
  tags: ["spaces"],
  summary: "List the teams granted a role on the space",
  description: "Team grants on the space itself. Needs `admin` on the space.",
  request: {
    params: SpaceParams,
    query: PageQuery,
  },
  responses: {
    200: json(TeamPermissionList),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await listTeamPermissionsOn(c), 200);
