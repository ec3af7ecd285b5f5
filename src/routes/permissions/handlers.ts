// One handler per permission operation, whatever the target: a space (`/spaces/{spaceId}/permissions…`), a
// collection (`/collections/{collectionId}/permissions…`) or a site (`/orgs/{organizationId}/sites/{siteId}/
// permissions…`). Each route file keeps its own `defineRoute` and answers with one of these; the target is
// resolved once, by `targetOf`, from the path.
import type { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import type { SharedRouteContext as In } from "../../http/router";
import { mapPage } from "../../lib/pagination";
import { presentTeamPermission, presentUserPermission } from "../../presenters/permission";
import {
  type GrantTarget,
  grantAccess,
  listEffectivePermissions,
  listTeamGrants,
  listUserGrants,
  revokeGrant,
  updateGrant,
} from "../../services/access";
import type { AggregateQuery, PageQuery, UpdatePermissionBody } from "./schemas";
import type { InviteBody } from "../../wire/permission";

/** The path of a permission operation on any target. */
type TargetParams = { spaceId: string } | { collectionId: string } | { organizationId: string; siteId: string };
type Grantee = { userId: string } | { teamId: string };

export function targetOf(p: TargetParams): GrantTarget {
  if ("siteId" in p) return { kind: "site", id: p.siteId, organizationId: p.organizationId };
  return "spaceId" in p ? { kind: "space", id: p.spaceId } : { kind: "collection", id: p.collectionId };
}

const granteeOf = (p: Grantee) =>
  "userId" in p ? ({ kind: "user", id: p.userId } as const) : ({ kind: "team", id: p.teamId } as const);

/** Grants the roles; the route answers the status returned (204). */
export async function inviteTo(c: In<{ param: TargetParams; json: z.output<typeof InviteBody> }>) {
  await grantAccess(serviceContext(c), targetOf(c.req.valid("param")), c.req.valid("json"));
  return 204 as const;
}

export async function listUserPermissionsOn(c: In<{ param: TargetParams; query: z.output<typeof PageQuery> }>) {
  const ctx = serviceContext(c);
  const page = await listUserGrants(ctx, targetOf(c.req.valid("param")), c.req.valid("query"));
  return mapPage(page, (view) => presentUserPermission(view, ctx));
}

export async function listTeamPermissionsOn(c: In<{ param: TargetParams; query: z.output<typeof PageQuery> }>) {
  const ctx = serviceContext(c);
  const page = await listTeamGrants(ctx, targetOf(c.req.valid("param")), c.req.valid("query"));
  return mapPage(page, (view) => presentTeamPermission(view, ctx));
}

export async function listPermissionsAggregateOn(
  c: In<{ param: TargetParams; query: z.output<typeof AggregateQuery> }>,
) {
  const ctx = serviceContext(c);
  const page = await listEffectivePermissions(ctx, targetOf(c.req.valid("param")), c.req.valid("query"));
  return mapPage(page, (view) => presentUserPermission(view, ctx));
}

/** A user's or a team's grant, by which id the path names; the route answers the status returned (204). */
export async function updatePermissionOn(
  c: In<{ param: TargetParams & Grantee; json: z.output<typeof UpdatePermissionBody> }>,
) {
  const p = c.req.valid("param");
  await updateGrant(serviceContext(c), targetOf(p), granteeOf(p), c.req.valid("json").role);
  return 204 as const;
}

/** Revokes the grant: 205 when there was one, 204 when there was none (CONTRACT §4). */
export async function removeFrom(c: In<{ param: TargetParams & Grantee }>) {
  const p = c.req.valid("param");
  return (await revokeGrant(serviceContext(c), targetOf(p), granteeOf(p))) ? 205 : 204;
}
