import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { mapPage } from "../../lib/pagination";
import { presentTeamPermission } from "../../presenters/permission";
import { listTeamGrants } from "../../services/access";
import { TeamPermissionList, PageQuery } from "./schemas";
import { SpaceParams } from "../../wire/params";

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

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const page = await listTeamGrants(ctx, { kind: "space", id: p.spaceId } as const, c.req.valid("query"));
  return c.json(
    mapPage(page, (view) => presentTeamPermission(view, ctx)),
    200,
  );
};
