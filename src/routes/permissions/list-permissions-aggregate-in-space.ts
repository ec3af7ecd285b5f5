import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { AggregateQuery } from "./schemas";
import { UserPermissionList } from "../../wire/permission";
import { SpaceParams } from "../../wire/params";
import { listPermissionsAggregateOn } from "./handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/permissions/aggregate",
  operationId: "listPermissionsAggregateInSpace",
  tags: ["spaces"],
  summary: "List everyone with access to the space",
  description:
    "Every member with their effective role on the space, by the rule that authorizes: organization role with `defaultLevel`s, and grants to them or their teams on the space and the collections above it (`role` filters). Needs `admin` on the space.",
  request: {
    params: SpaceParams,
    query: AggregateQuery,
  },
  responses: {
    200: json(UserPermissionList),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await listPermissionsAggregateOn(c), 200);
