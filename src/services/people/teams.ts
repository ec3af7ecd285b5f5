import { and, eq, inArray, or, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { contentGrants, organizationMembers, samlProviders, teamMembers, teams, users } from "../../db/schema";
import { chunk, rowsPerInsert } from "../../lib/chunk";
import { badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { keysetPage, type Page, type PageRequest, type SortKey } from "../../lib/pagination";
import { requireUser, type ServiceContext } from "../core";
import { organizationAccess, authorize, type Access } from "../access";
import { memberSelection, type MemberView } from "./members";

export type TeamRow = typeof teams.$inferSelect;
export type TeamRole = "owner" | "member";

/** A team with its member count and the caller's own role in it (null when not in it). */
export interface TeamView {
  team: TeamRow;
  members: number;
  callerRole: TeamRole | null;
}

export function teamSelection(callerId: string) {
  return {
    team: teams,
    members: sql<number>`(SELECT count(*) FROM team_members x WHERE x.team_id = ${teams.id})`,
    callerRole: sql<TeamRole | null>`(SELECT y.role FROM team_members y WHERE y.team_id = ${teams.id} AND y.user_id = ${callerId})`,
  };
}

/**
 * The caller's standing on a team: their organization role, raised to admin when they own the team. Guests
 * (and non-members) keep their standing: owning a team grants nothing beyond what their membership allows.
 */
export function teamAccess(organizationRole: Access, callerRole: TeamRole | null): Access {
  if (organizationRole === undefined || organizationRole === null) return organizationRole;
  return callerRole === "owner" ? "admin" : organizationRole;
}

/** The `title` filter of the team lists: teams whose title contains it, any case. */
export const titleContains = (title: string | undefined) =>
  title?.trim() ? sql`instr(lower(${teams.title}), ${title.trim().toLowerCase()}) > 0` : undefined;

/** The order of the team lists: oldest team first. */
export const teamOrder: SortKey<TeamView>[] = [
  { column: teams.createdAt, direction: "asc", value: (r) => r.team.createdAt },
  { column: teams.id, direction: "asc", value: (r) => r.team.id },
];

export function selectTeam(ctx: ServiceContext, organizationId: string, teamId: string) {
  const caller = requireUser(ctx.caller);
  return ctx.db
    .select(teamSelection(caller.userId))
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.organizationId, organizationId)))
    .limit(1);
}

/** Reads a team and authorizes `action` on it (404 for non-members of the organization and unknown teams). */
export async function teamFor(
  ctx: ServiceContext,
  organizationId: string,
  teamId: string,
  action: "team.view" | "team.admin",
) {
  const organizationRole = organizationAccess(ctx.caller, organizationId);
  authorize(organizationRole, "team.view", "Team");
  const [view] = await selectTeam(ctx, organizationId, teamId);
  if (!view) throw notFound("Team");
  authorize(teamAccess(organizationRole, view.callerRole), action, "Team");
  return view;
}

export interface TeamListQuery extends PageRequest {
  owner?: string;
  title?: string;
}

export function listTeams(ctx: ServiceContext, organizationId: string, query: TeamListQuery): Promise<Page<TeamView>> {
  const caller = requireUser(ctx.caller);
  authorize(organizationAccess(caller, organizationId), "organization.listTeams", "Organization");
  const filter = and(
    eq(teams.organizationId, organizationId),
    titleContains(query.title),
    // `owner`: only the teams that member can manage (all of them for an admin, else the teams they own).
    query.owner
      ? or(
          sql`EXISTS (SELECT 1 FROM organization_members o WHERE o.organization_id = ${organizationId}
                AND o.user_id = ${query.owner} AND o.role = 'admin' AND o.disabled = 0)`,
          sql`EXISTS (SELECT 1 FROM team_members w WHERE w.team_id = ${teams.id} AND w.user_id = ${query.owner} AND w.role = 'owner')`,
        )
      : undefined,
  );
  return keysetPage<TeamView>(ctx.db, {
    page: query,
    keys: teamOrder,
    rows: (after, orderBy, limit) =>
      ctx.db
        .select(teamSelection(caller.userId))
        .from(teams)
        .where(and(filter, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(teams).where(filter),
  });
}

/**
 * Resolves user ids or emails to members of the organization (one batch of ≤100-parameter statements).
 * Returns identifier → user id for those found.
 */
export async function resolveMembers(ctx: ServiceContext, organizationId: string, identifiers: string[]) {
  const wanted = [...new Set(identifiers)];
  const found = new Map<string, string>();
  if (!wanted.length) return found;
  const statements = chunk(wanted, 45).map((part) =>
    ctx.db
      .select({ id: users.id, email: users.email })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(
        and(
          eq(organizationMembers.organizationId, organizationId),
          or(
            inArray(users.id, part),
            inArray(
              users.email,
              part.map((p) => p.toLowerCase()),
            ),
          ),
        ),
      ),
  );
  const results = await batch(ctx.db, statements);
  for (const rows of results) {
    for (const row of rows) {
      found.set(row.id, row.id);
      found.set(row.email, row.id);
    }
  }
  for (const id of wanted) {
    const hit = found.get(id) ?? found.get(id.toLowerCase());
    if (hit) found.set(id, hit);
  }
  return found;
}

export function teamMemberInserts(
  ctx: ServiceContext,
  rows: (typeof teamMembers.$inferInsert)[],
  overwriteRole: boolean,
) {
  return chunk(rows, rowsPerInsert(5)).map((part) => {
    const insert = ctx.db.insert(teamMembers).values(part);
    return overwriteRole
      ? insert.onConflictDoUpdate({
          target: [teamMembers.teamId, teamMembers.userId],
          set: { role: sql`excluded.role` },
        })
      : insert.onConflictDoNothing();
  });
}

export async function createTeam(
  ctx: ServiceContext,
  organizationId: string,
  input: { title: string; members?: string[] },
): Promise<TeamView> {
  authorize(organizationAccess(ctx.caller, organizationId), "organization.manageTeams", "Organization");
  const ids = [...new Set(input.members ?? [])];
  const known = await resolveMembers(ctx, organizationId, ids);
  const missing = (input.members ?? []).findIndex((id) => !known.has(id));
  if (missing >= 0) throw badRequest(`body.members.${missing}: is not a member of the organization`);
  const userIds = [...new Set(ids.map((id) => known.get(id)!))];
  const team: TeamRow = { id: newId(), organizationId, title: input.title, createdAt: ctx.now, updatedAt: ctx.now };
  const memberRows = userIds.map((userId) => ({
    teamId: team.id,
    userId,
    organizationId,
    role: "member" as const,
    addedAt: ctx.now,
  }));
  await batch(ctx.db, [ctx.db.insert(teams).values(team), teamMemberInserts(ctx, memberRows, false)]);
  return { team, members: userIds.length, callerRole: null };
}

export function getTeam(ctx: ServiceContext, organizationId: string, teamId: string) {
  return teamFor(ctx, organizationId, teamId, "team.view");
}

export async function updateTeam(
  ctx: ServiceContext,
  organizationId: string,
  teamId: string,
  title: string,
): Promise<TeamView> {
  const view = await teamFor(ctx, organizationId, teamId, "team.admin");
  const [row] = await ctx.db.update(teams).set({ title, updatedAt: ctx.now }).where(eq(teams.id, teamId)).returning();
  if (!row) throw notFound("Team");
  return { ...view, team: row };
}

/** Deletes a team with its memberships and clears it as a SAML provider's default team. Idempotent. */
export async function deleteTeam(ctx: ServiceContext, organizationId: string, teamId: string): Promise<void> {
  const organizationRole = organizationAccess(ctx.caller, organizationId);
  const [view] = organizationRole === undefined ? [] : await selectTeam(ctx, organizationId, teamId);
  authorize(teamAccess(organizationRole, view?.callerRole ?? null), "team.admin", "Team");
  if (!view) return;
  await batch(ctx.db, [
    ctx.db.delete(teamMembers).where(eq(teamMembers.teamId, teamId)),
    ctx.db.delete(contentGrants).where(and(eq(contentGrants.subjectKind, "team"), eq(contentGrants.subjectId, teamId))),
    ctx.db.update(samlProviders).set({ defaultTeamId: null }).where(eq(samlProviders.defaultTeamId, teamId)),
    ctx.db.delete(teams).where(eq(teams.id, teamId)),
  ]);
}

export interface TeamMemberView extends MemberView {
  teamRole: TeamRole;
  addedAt: number;
}

export async function listTeamMembers(
  ctx: ServiceContext,
  organizationId: string,
  teamId: string,
  page: PageRequest,
): Promise<Page<TeamMemberView>> {
  await teamFor(ctx, organizationId, teamId, "team.view");
  const filter = eq(teamMembers.teamId, teamId);
  return keysetPage<TeamMemberView>(ctx.db, {
    page,
    keys: [
      { column: teamMembers.addedAt, direction: "asc", value: (r) => r.addedAt },
      { column: teamMembers.userId, direction: "asc", value: (r) => r.member.userId },
    ],
    rows: (after, orderBy, limit) =>
      ctx.db
        // Aliased: D1 returns rows as arrays keyed by column name, so a second `role` column would collapse.
        .select({
          ...memberSelection(),
          teamRole: sql<TeamRole>`${teamMembers.role}`.as("team_role"),
          addedAt: sql<number>`${teamMembers.addedAt}`.as("team_added_at"),
        })
        .from(teamMembers)
        .innerJoin(
          organizationMembers,
          and(
            eq(organizationMembers.organizationId, teamMembers.organizationId),
            eq(organizationMembers.userId, teamMembers.userId),
          ),
        )
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(and(filter, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(teamMembers).where(filter),
  });
}
