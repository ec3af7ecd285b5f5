import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { mapPage } from "../../lib/pagination";
import { presentUserPermission } from "../../presenters/permission";
import { listEffectivePermissions } from "../../services/access";
import { UserPermissionList, AggregateQuery } from "./schemas";
import { CollectionParams } from "../../wire/params";

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

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const page = await listEffectivePermissions(
    ctx,
    { kind: "collection", id: p.collectionId } as const,
    c.req.valid("query"),
  );
  return c.json(
    mapPage(page, (view) => presentUserPermission(view, ctx)),
    200,
  );
};
