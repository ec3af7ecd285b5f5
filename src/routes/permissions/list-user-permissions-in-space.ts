import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { PageQuery } from "./schemas";
import { UserPermissionList } from "../../wire/permission";
import { SpaceParams } from "../../wire/params";
import { listUserPermissionsOn } from "./handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/permissions/users",
  operationId: "listUserPermissionsInSpace",
  tags: ["spaces"],
  summary: "List the users granted a role on the space",
  description: "Direct user grants on the space itself. Needs `admin` on the space.",
  request: {
    params: SpaceParams,
    query: PageQuery,
  },
  responses: {
    200: json(UserPermissionList),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await listUserPermissionsOn(c), 200);
