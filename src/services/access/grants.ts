import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { batch } from "../../db/batch";
import { contentGrants, organizationMembers, teamMembers, teams, users } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { keysetPage, type Page, type PageRequest, pageArray } from "../../lib/pagination";
import type { CallerGrants, ServiceContext } from "../core";
import type { Access } from "./permissions";
import { type MemberRole, type Role, strongest } from "./roles";
import { type GrantKind, type GrantTarget, type ManagedTarget, managedTarget } from "./grant-targets";
import { contentRole } from "./space-access";

export type { GrantKind, GrantTarget } from "./grant-targets";

type GrantRow = typeof contentGrants.$inferSelect;
type UserRow = typeof users.$inferSelect;
type TeamRow = typeof teams.$inferSelect;

export interface UserPermissionView {
  permission: Role;
  user: UserRow;
  /** Aggregate lists only: where the role comes from (every source that gives one). */
  through?: PermissionSource[];
}

/** A source of a user's role on content: their organization role (with `defaultLevel`s), or a grant. */
export type PermissionSource =
  | { kind: "organization"; role: Role }
  | { kind: "user" | "team"; role: Role; resource: { kind: GrantKind; id: string }; team?: string };

export interface TeamPermissionView {
  permission: Role;
  team: TeamRow;
  members: number;
}

const grantsOn = (target: GrantTarget) =>
  and(eq(contentGrants.resourceKind, target.kind), eq(contentGrants.resourceId, target.id));

/**
 * inviteToSpace / inviteToCollection: grants `role` to members (guests included) and teams of the target's
 * organization; others are refused with 400 naming them. `role` null takes the grant back (the subject keeps
 * what the organization role gives). Granting again replaces the role.
 */
export async function grantAccess(
  ctx: ServiceContext,
  target: GrantTarget,
  input: { role: MemberRole; users?: string[]; teams?: string[] },
): Promise<void> {
  const { organizationId } = await managedTarget(ctx, target, "manage");
  const wantedUsers = [...new Set(input.users ?? [])];
  const wantedTeams = [...new Set(input.teams ?? [])];
  if (!wantedUsers.length && !wantedTeams.length) throw badRequest("body: give users or teams");
  const [members, found] = await batch(ctx.db, [
    wantedUsers.length
      ? ctx.db
          .select({ userId: organizationMembers.userId })
          .from(organizationMembers)
          .where(
            and(
              eq(organizationMembers.organizationId, organizationId),
              inArray(organizationMembers.userId, wantedUsers),
            ),
          )
      : undefined,
    wantedTeams.length
      ? ctx.db
          .select({ id: teams.id })
          .from(teams)
          .where(and(eq(teams.organizationId, organizationId), inArray(teams.id, wantedTeams)))
      : undefined,
  ]);
  const knownUsers = new Set((members ?? []).map((m) => m.userId));
  const knownTeams = new Set((found ?? []).map((t) => t.id));
  const strangers = wantedUsers.filter((id) => !knownUsers.has(id));
  if (strangers.length) throw badRequest(`users: ${strangers.join(", ")} are not members of the organization`);
  const unknownTeams = wantedTeams.filter((id) => !knownTeams.has(id));
  if (unknownTeams.length) throw badRequest(`teams: ${unknownTeams.join(", ")} are not teams of the organization`);
  const subjects = [
    ...wantedUsers.map((id) => ({ kind: "user" as const, id })),
    ...wantedTeams.map((id) => ({ kind: "team" as const, id })),
  ];
  await setGrants(ctx, target, organizationId, subjects, input.role);
}

async function setGrants(
  ctx: ServiceContext,
  target: GrantTarget,
  organizationId: string,
  subjects: { kind: "user" | "team"; id: string }[],
  role: MemberRole,
) {
  if (role === null) {
    await batch(
      ctx.db,
      subjects.map((s) =>
        ctx.db
          .delete(contentGrants)
          .where(and(grantsOn(target), eq(contentGrants.subjectKind, s.kind), eq(contentGrants.subjectId, s.id))),
      ),
    );
    return;
  }
  await batch(ctx.db, [
    ctx.db
      .insert(contentGrants)
      .values(
        subjects.map((s) => ({
          organizationId,
          resourceKind: target.kind,
          resourceId: target.id,
          subjectKind: s.kind,
          subjectId: s.id,
          role,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })),
      )
      .onConflictDoUpdate({
        target: [
          contentGrants.resourceKind,
          contentGrants.resourceId,
          contentGrants.subjectKind,
          contentGrants.subjectId,
        ],
        set: { role, updatedAt: ctx.now },
      }),
  ]);
}

/** updateUserPermissionIn… / updateTeamPermissionIn…: the subject must hold a grant on the target (else 404). */
export async function updateGrant(
  ctx: ServiceContext,
  target: GrantTarget,
  subject: { kind: "user" | "team"; id: string },
  role: MemberRole | undefined,
): Promise<void> {
  const { organizationId } = await managedTarget(ctx, target, "manage");
  const [existing] = await batch(ctx.db, [
    ctx.db
      .select({ role: contentGrants.role })
      .from(contentGrants)
      .where(
        and(grantsOn(target), eq(contentGrants.subjectKind, subject.kind), eq(contentGrants.subjectId, subject.id)),
      ),
  ]);
  if (!existing.length) throw notFound(subject.kind === "user" ? "User permission" : "Team permission");
  if (role === undefined) return;
  await setGrants(ctx, target, organizationId, [subject], role);
}

/** removeUserFrom… / removeTeamFrom…: false when the subject held no grant there. */
export async function revokeGrant(
  ctx: ServiceContext,
  target: GrantTarget,
  subject: { kind: "user" | "team"; id: string },
) {
  await managedTarget(ctx, target, "manage");
  const [removed] = await batch(ctx.db, [
    ctx.db
      .delete(contentGrants)
      .where(
        and(grantsOn(target), eq(contentGrants.subjectKind, subject.kind), eq(contentGrants.subjectId, subject.id)),
      )
      .returning({ subjectId: contentGrants.subjectId }),
  ]);
  return removed.length > 0;
}

function grantPage(ctx: ServiceContext, target: GrantTarget, kind: "user" | "team", page: PageRequest) {
  const where = and(grantsOn(target), eq(contentGrants.subjectKind, kind), sql`${contentGrants.role} IS NOT NULL`);
  return keysetPage(ctx.db, {
    page,
    keys: [
      { column: contentGrants.createdAt, direction: "asc", value: (r: GrantRow) => r.createdAt },
      { column: contentGrants.subjectId, direction: "asc", value: (r: GrantRow) => r.subjectId },
    ],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select()
        .from(contentGrants)
        .where(and(where, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(contentGrants).where(where),
  });
}

/** listUserPermissionsIn…: the users granted a role on the target itself, oldest grant first. */
export async function listUserGrants(
  ctx: ServiceContext,
  target: GrantTarget,
  page: PageRequest,
): Promise<Page<UserPermissionView>> {
  await managedTarget(ctx, target, "view");
  const found = await grantPage(ctx, target, "user", page);
  const ids = found.items.map((g) => g.subjectId);
  const rows = ids.length ? await ctx.db.select().from(users).where(inArray(users.id, ids)) : [];
  const byId = new Map(rows.map((u) => [u.id, u]));
  return {
    ...found,
    items: found.items
      .filter((g) => byId.has(g.subjectId))
      .map((g) => ({ permission: g.role as Role, user: byId.get(g.subjectId)! })),
  };
}

/** listTeamPermissionsIn…: the teams granted a role on the target itself, oldest grant first. */
export async function listTeamGrants(
  ctx: ServiceContext,
  target: GrantTarget,
  page: PageRequest,
): Promise<Page<TeamPermissionView>> {
  await managedTarget(ctx, target, "view");
  const found = await grantPage(ctx, target, "team", page);
  const ids = found.items.map((g) => g.subjectId);
  const [rows, counts] = ids.length
    ? await batch(ctx.db, [
        ctx.db.select().from(teams).where(inArray(teams.id, ids)),
        ctx.db
          .select({ teamId: teamMembers.teamId, count: sql<number>`count(*)` })
          .from(teamMembers)
          .where(inArray(teamMembers.teamId, ids))
          .groupBy(teamMembers.teamId),
      ])
    : [[], []];
  const byId = new Map(rows.map((t) => [t.id, t]));
  const members = new Map(counts.map((c) => [c.teamId, Number(c.count)]));
  return {
    ...found,
    items: found.items
      .filter((g) => byId.has(g.subjectId))
      .map((g) => ({
        permission: g.role as Role,
        team: byId.get(g.subjectId)!,
        members: members.get(g.subjectId) ?? 0,
      })),
  };
}

/**
 * listPermissionsAggregateIn…: every member of the organization with their effective role on the target (the
 * same rule as authorization: organization role with `defaultLevel`s, direct grants, team grants, on the target
 * and the collections above it), those with none left out; `role` filters on it. By user id.
 */
export async function listEffectivePermissions(
  ctx: ServiceContext,
  target: GrantTarget,
  query: PageRequest & { role?: Role },
): Promise<Page<UserPermissionView>> {
  return effectivePermissions(ctx, target, await managedTarget(ctx, target, "view"), query);
}

/** listEffectivePermissions on a target the caller was already authorized for (by its own domain's rule). */
export async function effectivePermissions(
  ctx: ServiceContext,
  target: GrantTarget,
  { organizationId, chainIds, levels }: ManagedTarget,
  query: PageRequest & { role?: Role },
): Promise<Page<UserPermissionView>> {
  const [members, grants, memberships] = await batch(ctx.db, [
    ctx.db
      .select({ member: organizationMembers, user: users })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.disabled, false))),
    ctx.db
      .select()
      .from(contentGrants)
      .where(
        and(
          sql`${contentGrants.role} IS NOT NULL`,
          sql`((${contentGrants.resourceKind} = ${target.kind} AND ${contentGrants.resourceId} = ${target.id})
            OR (${contentGrants.resourceKind} = 'collection' AND ${contentGrants.resourceId} IN (SELECT value FROM json_each(${JSON.stringify(chainIds)}))))`,
        ),
      ),
    ctx.db
      .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
      .from(teamMembers)
      .where(eq(teamMembers.organizationId, organizationId)),
  ]);
  const teamsOf = new Map<string, string[]>();
  for (const m of memberships) teamsOf.set(m.userId, [...(teamsOf.get(m.userId) ?? []), m.teamId]);
  const sourcesOf = (userId: string, role: MemberRole): PermissionSource[] => {
    const fromOrganization = contentRole(role, levels);
    const mine = grants.filter(
      (g) =>
        (g.subjectKind === "user" && g.subjectId === userId) ||
        (g.subjectKind === "team" && (teamsOf.get(userId) ?? []).includes(g.subjectId)),
    );
    return [
      ...(fromOrganization ? [{ kind: "organization" as const, role: fromOrganization }] : []),
      ...mine.map((g) => ({
        kind: g.subjectKind,
        role: g.role as Role,
        resource: { kind: g.resourceKind, id: g.resourceId },
        ...(g.subjectKind === "team" ? { team: g.subjectId } : {}),
      })),
    ];
  };
  const all = members
    .map(({ member, user }) => {
      const through = sourcesOf(user.id, member.role as MemberRole);
      const permission: Access = strongest(...through.map((source) => source.role));
      return { user, permission, through };
    })
    .filter((p): p is UserPermissionView & { through: PermissionSource[] } => !!p.permission)
    .filter((p) => !query.role || p.permission === query.role)
    .sort((a, b) => (a.user.id < b.user.id ? -1 : 1));
  return pageArray(all, (p) => p.user.id, query);
}

/**
 * The grants of `user` (a user id, or an SQL expression giving one), their own and their teams', with their
 * roles (guest grants, which raise nothing, left out), among those `where` keeps: `callerGrantsOf` reads them.
 */
export function userGrantsQuery(db: Db, user: string | SQL, where?: SQL) {
  return db
    .select({
      resourceKind: contentGrants.resourceKind,
      resourceId: contentGrants.resourceId,
      role: contentGrants.role,
    })
    .from(contentGrants)
    .where(userGrantsCondition(user, where));
}

/** The condition of userGrantsQuery on `content_grants` rows (also for statements that aggregate them). */
export function userGrantsCondition(user: string | SQL, where?: SQL): SQL {
  return and(
    where,
    sql`${contentGrants.role} IS NOT NULL`,
    or(
      and(eq(contentGrants.subjectKind, "user"), eq(contentGrants.subjectId, user)),
      and(
        eq(contentGrants.subjectKind, "team"),
        sql`${contentGrants.subjectId} IN (SELECT team_id FROM team_members WHERE user_id = ${user})`,
      ),
    ),
  )!;
}

/** A user's grants in one organization. */
export const memberGrantsQuery = (db: Db, organizationId: string, userId: string) =>
  userGrantsQuery(db, userId, eq(contentGrants.organizationId, organizationId));

/** Grant rows as a caller's grants: the strongest role per space, per collection and per site. */
export function callerGrantsOf(
  rows: { resourceKind: GrantKind; resourceId: string; role: string | null }[],
): CallerGrants {
  const grants: CallerGrants = { spaces: new Map(), collections: new Map(), sites: new Map() };
  const byKind = { space: grants.spaces, collection: grants.collections, site: grants.sites };
  for (const row of rows) {
    if (row.role === null) continue;
    const byResource = byKind[row.resourceKind];
    if (!byResource) continue; // a kind this code does not know: it raises nothing
    byResource.set(row.resourceId, strongest(byResource.get(row.resourceId), row.role as MemberRole)!);
  }
  return grants;
}
