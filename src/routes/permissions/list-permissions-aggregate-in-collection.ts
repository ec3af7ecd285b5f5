import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { AggregateQuery } from "./schemas";
import { UserPermissionList } from "../../wire/permission";
import { CollectionParams } from "../../wire/params";
import { listPermissionsAggregateOn } from "./handlers";

export const route = defineRoute({
  method: "get",
  path: "/collections/{collectionId}/permissions/aggregate",
  operationId: "listPermissionsAggregateInCollection",
  tags: ["collections"],
  summary: "List everyone with access to the collection",
  description:
    "Every member with their effective role on the collection, by the rule that authorizes: organization role with `defaultLevel`s, and grants to them or their teams on the collection and the collections above it (`role` filters). Needs `admin` on the collection.",
  request: {
    params: CollectionParams,
    query: AggregateQuery,
  },
  responses: {
    200: json(UserPermissionList),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await listPermissionsAggregateOn(c), 200);
