import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { mapPage } from "../../lib/pagination";
import { presentTeamPermission } from "../../presenters/permission";
import { listTeamGrants } from "../../services/access";
import { TeamPermissionList, PageQuery } from "./schemas";
import { CollectionParams } from "../../wire/params";

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

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const page = await listTeamGrants(ctx, { kind: "collection", id: p.collectionId } as const, c.req.valid("query"));
  return c.json(
    mapPage(page, (view) => presentTeamPermission(view, ctx)),
    200,
  );
};
