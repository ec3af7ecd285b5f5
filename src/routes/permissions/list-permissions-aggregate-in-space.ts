import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { mapPage } from "../../lib/pagination";
import { presentUserPermission } from "../../presenters/permission";
import { listEffectivePermissions } from "../../services/access";
import { UserPermissionList, AggregateQuery } from "./schemas";
import { SpaceParams } from "../../wire/params";

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

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const page = await listEffectivePermissions(ctx, { kind: "space", id: p.spaceId } as const, c.req.valid("query"));
  return c.json(
    mapPage(page, (view) => presentUserPermission(view, ctx)),
    200,
  );
};
