import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { mapPage } from "../../lib/pagination";
import { presentUserPermission } from "../../presenters/permission";
import { listUserGrants } from "../../services/access";
import { UserPermissionList, PageQuery } from "./schemas";
import { CollectionParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/collections/{collectionId}/permissions/users",
  operationId: "listUserPermissionsInCollection",
  tags: ["collections"],
  summary: "List the users granted a role on the collection",
  description: "Direct user grants on the collection itself. Needs `admin` on the collection.",
  request: {
    params: CollectionParams,
    query: PageQuery,
  },
  responses: {
    200: json(UserPermissionList),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const page = await listUserGrants(ctx, { kind: "collection", id: p.collectionId } as const, c.req.valid("query"));
  return c.json(
    mapPage(page, (view) => presentUserPermission(view, ctx)),
    200,
  );
};
