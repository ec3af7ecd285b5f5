import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { PageQuery } from "./schemas";
import { UserPermissionList } from "../../wire/permission";
import { CollectionParams } from "../../wire/params";
import { listUserPermissionsOn } from "./handlers";

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

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await listUserPermissionsOn(c), 200);
