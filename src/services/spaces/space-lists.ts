import { and, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { collections, organizationMembers, spaces } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { keysetPage, type Page, type PageRequest, type SortKey } from "../../lib/pagination";
import { type Caller, type CallerGrants, memberRole, requireUser, type ServiceContext } from "../core";
import type { CollectionView } from "./collections";
import {
  authorize,
  can,
  type MemberRole,
  type Role,
  callerGrantsOf,
  memberGrantsQuery,
  collectionAccess,
  contentRole,
  loadCollection,
  type OrganizationTree,
  organizationTree,
  type SpaceRow,
  spaceAccess,
  treeFromRows,
} from "../access";
import { spaceCounters } from "./space-counters";
import type { SpaceView } from "./spaces";

/** Siblings in their explicit order; a global (sortKey, id) order keeps every parent's siblings in order. */
function spaceOrder(direction: "asc" | "desc" = "asc"): SortKey<SpaceRow>[] {
  return [
    { column: spaces.sortKey, direction, value: (r) => r.sortKey },
    { column: spaces.id, direction, value: (r) => r.id },
  ];
}

/**
 * Which live spaces a member with `orgRole` can see, as an SQL filter matching `contentRole` (admins: all;
 * guests: none; others: explicit role levels, and `inherit` spaces whose parent chain grants a role).
 * Parents are passed as one JSON parameter (json_each), whatever their number.
 */
export function visibleSpaces(
  orgRole: MemberRole | undefined,
  tree: OrganizationTree,
  grants?: CallerGrants,
): SQL | undefined {
  if (orgRole === "admin") return undefined;
  const byGrant = grantedSpaces(tree, grants);
  if (orgRole === null || orgRole === undefined) return byGrant ?? sql`0`;
  const parents = tree.ids.filter((id) => can(contentRole(orgRole, tree.levelsOf(id)), "space.view"));
  const byRole = sql`(${spaces.defaultLevel} NOT IN ('guest', 'inherit') OR (${spaces.defaultLevel} = 'inherit' AND
    (${spaces.parentId} IS NULL OR ${spaces.parentId} IN (SELECT value FROM json_each(${JSON.stringify(parents)})))))`;
  return byGrant ? or(byRole, byGrant) : byRole;
}

/** The spaces the grants reach: granted spaces, and every space under a granted collection. */
function grantedSpaces(tree: OrganizationTree, grants: CallerGrants | undefined): SQL | undefined {
  if (!grants || (!grants.spaces.size && !grants.collections.size)) return undefined;
  const under = tree.ids.filter((id) => tree.chainOf(id).some((c) => grants.collections.has(c.id)));
  return sql`(${spaces.id} IN (SELECT value FROM json_each(${JSON.stringify([...grants.spaces.keys()])}))
    OR ${spaces.parentId} IN (SELECT value FROM json_each(${JSON.stringify(under)})))`;
}

const grantsOf = (caller: Caller) => (caller.kind === "user" ? caller.grants : undefined);

function spacePage(ctx: ServiceContext, filter: SQL | undefined, page: PageRequest, direction: "asc" | "desc" = "asc") {
  return keysetPage<SpaceRow>(ctx.db, {
    page,
    keys: spaceOrder(direction),
    rows: (after, orderBy, limit) =>
      ctx.db
        .select()
        .from(spaces)
        .where(and(filter, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(spaces).where(filter),
  });
}

async function withViews(ctx: ServiceContext, page: Page<SpaceRow>, tree: OrganizationTree): Promise<Page<SpaceView>> {
  const counters = await spaceCounters(
    ctx,
    page.items.map((r) => r.id),
  );
  const items = page.items.map((row) => {
    return {
      row,
      access: spaceAccess(ctx.caller, row, tree.chainOf(row.parentId)).access,
      counters: counters.get(row.id)!,
    };
  });
  return { ...page, items };
}

/** Every live space of an organization that the caller can see. */
export async function listSpacesInOrganization(ctx: ServiceContext, organizationId: string, page: PageRequest) {
  const orgRole = memberRole(requireUser(ctx.caller), organizationId);
  authorize(orgRole, "organization.view", "Organization");
  const tree = await organizationTree(ctx.db, organizationId);
  const live = and(eq(spaces.organizationId, organizationId), isNull(spaces.deletedAt));
  const visible = visibleSpaces(orgRole, tree, grantsOf(ctx.caller));
  return withViews(ctx, await spacePage(ctx, and(live, visible), page), tree);
}

/** The live spaces directly in a collection that the caller can see. */
export async function listSpacesInCollection(ctx: ServiceContext, collectionId: string, page: PageRequest) {
  requireUser(ctx.caller);
  const found = await loadCollection(ctx.db, ctx.caller, collectionId);
  if (!found || found.row.deletedAt !== null) throw notFound("Collection");
  authorize(found.access, "collection.view", "Collection");
  const { organizationId } = found.row;
  const tree = await organizationTree(ctx.db, organizationId);
  const live = and(
    eq(spaces.organizationId, organizationId),
    eq(spaces.parentId, collectionId),
    isNull(spaces.deletedAt),
  );
  const filter = and(live, visibleSpaces(memberRole(ctx.caller, organizationId), tree, grantsOf(ctx.caller)));
  return withViews(ctx, await spacePage(ctx, filter, page), tree);
}

/** The organization's live collections the caller can see; `nested` false: top-level ones only. */
export async function listCollectionsInOrganization(
  ctx: ServiceContext,
  organizationId: string,
  query: PageRequest & { nested: boolean },
): Promise<Page<CollectionView>> {
  const orgRole = memberRole(requireUser(ctx.caller), organizationId);
  authorize(orgRole, "organization.view", "Organization");
  const tree = await organizationTree(ctx.db, organizationId);
  const accessOf = (id: string) =>
    collectionAccess(ctx.caller, { organizationId, parentId: null }, tree.chainOf(id)).access;
  const visible = orgRole === "admin" ? tree.ids : tree.ids.filter((id) => can(accessOf(id), "collection.view"));
  const filter = and(
    eq(collections.organizationId, organizationId),
    isNull(collections.deletedAt),
    query.nested ? undefined : isNull(collections.parentId),
    orgRole === "admin"
      ? undefined
      : sql`${collections.id} IN (SELECT value FROM json_each(${JSON.stringify(visible)}))`,
  );
  type Row = typeof collections.$inferSelect;
  const page = await keysetPage<Row>(ctx.db, {
    page: query,
    keys: [
      { column: collections.sortKey, direction: "asc", value: (r) => r.sortKey },
      { column: collections.id, direction: "asc", value: (r) => r.id },
    ],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select()
        .from(collections)
        .where(and(filter, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(collections).where(filter),
  });
  return { ...page, items: page.items.map((row) => ({ row, access: accessOf(row.id) })) };
}

export interface MemberSpace {
  space: SpaceRow;
  /** The member's effective role on the space (same function as authorization). */
  role: Role;
  /** The space as the caller sees it (their access and the counters), ready for presentSpace. */
  view: SpaceView;
}

/**
 * Keyset pages of the live spaces a member of an organization can access, with their effective role
 * (for listSpacesForOrganizationMember). Callers who can list members (or the member themself) only.
 */
export async function listSpacesForMember(
  ctx: ServiceContext,
  organizationId: string,
  userId: string,
  page: PageRequest & { order?: "asc" | "desc" },
): Promise<Page<MemberSpace>> {
  const caller = requireUser(ctx.caller);
  const callerRole = memberRole(caller, organizationId);
  authorize(callerRole, caller.userId === userId ? "organization.view" : "organization.listMembers", "Organization");
  const [members, treeRows, grantRows] = await batch(ctx.db, [
    ctx.db
      .select({ role: organizationMembers.role })
      .from(organizationMembers)
      .where(
        and(
          eq(organizationMembers.organizationId, organizationId),
          eq(organizationMembers.userId, userId),
          eq(organizationMembers.disabled, false),
        ),
      )
      .limit(1),
    ctx.db
      .select({ id: collections.id, parentId: collections.parentId, defaultLevel: collections.defaultLevel })
      .from(collections)
      .where(and(eq(collections.organizationId, organizationId), isNull(collections.deletedAt))),
    memberGrantsQuery(ctx.db, organizationId, userId),
  ]);
  if (!members[0]) throw notFound("Member");
  const theirRole = members[0].role as MemberRole;
  const memberGrants = callerGrantsOf(grantRows);
  // The member's access, by the one permission function, as if they were calling.
  const member: Caller = {
    kind: "user",
    userId,
    tokenId: "",
    memberships: new Map([[organizationId, theirRole]]),
    grants: memberGrants,
  };
  const tree = treeFromRows(treeRows);
  const live = and(eq(spaces.organizationId, organizationId), isNull(spaces.deletedAt));
  // The member's spaces that the caller can see too: listing someone else's spaces must not reveal others.
  const filter = and(
    live,
    visibleSpaces(theirRole, tree, memberGrants),
    visibleSpaces(callerRole, tree, grantsOf(ctx.caller)),
  );
  const views = await withViews(ctx, await spacePage(ctx, filter, page, page.order ?? "asc"), tree);
  return {
    ...views,
    items: views.items.map((view) => ({
      space: view.row,
      role: spaceAccess(member, view.row, tree.chainOf(view.row.parentId)).access as Role,
      view,
    })),
  };
}

/**
 * How many live spaces members with each of `roles` can access in an organization (a member's access depends
 * only on their organization role and the collection tree): two round trips whatever the number of members.
 */
export async function spaceCountsByRole(ctx: ServiceContext, organizationId: string, roles: MemberRole[]) {
  const distinct = [...new Set(roles)];
  const counts = new Map<MemberRole, number>();
  if (!distinct.length) return counts;
  const treeRows = await ctx.db
    .select({ id: collections.id, parentId: collections.parentId, defaultLevel: collections.defaultLevel })
    .from(collections)
    .where(and(eq(collections.organizationId, organizationId), isNull(collections.deletedAt)));
  const tree = treeFromRows(treeRows);
  const live = and(eq(spaces.organizationId, organizationId), isNull(spaces.deletedAt));
  const results = await batch(
    ctx.db,
    distinct.map((role) =>
      ctx.db
        .select({ count: sql<number>`count(*)` })
        .from(spaces)
        .where(and(live, visibleSpaces(role, tree))),
    ),
  );
  for (const [i, role] of distinct.entries()) counts.set(role, Number(results[i][0]?.count ?? 0));
  return counts;
}
