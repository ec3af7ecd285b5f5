import { and, eq, inArray, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { organizationMembers, teamMembers, teams } from "../../db/schema";
import { chunk } from "../../lib/chunk";
import { badRequest, notFound } from "../../lib/errors";
import { keysetPage, type Page, type PageRequest } from "../../lib/pagination";
import { requireUser, type ServiceContext } from "../core";
import { organizationAccess, authorize } from "../access";
import {
  resolveMembers,
  teamFor,
  teamMemberInserts,
  teamOrder,
  teamSelection,
  type TeamRole,
  type TeamView,
  titleContains,
} from "./teams";

export interface TeamMembersPatch {
  add?: string[];
  remove?: string[];
  memberships?: Record<string, { role: TeamRole }>;
}

/**
 * Adds, re-roles and removes team members in one batch (team admins: organization admins and team owners).
 * Users are named by id or email and must be members of the organization; a user both added and removed is
 * removed (as the reference says); removing a non-member of the team is a no-op.
 */
export async function updateTeamMembers(
  ctx: ServiceContext,
  organizationId: string,
  teamId: string,
  patch: TeamMembersPatch,
) {
  await teamFor(ctx, organizationId, teamId, "team.admin");
  const add = patch.add ?? [];
  const remove = patch.remove ?? [];
  const memberships = Object.entries(patch.memberships ?? {});
  const known = await resolveMembers(ctx, organizationId, [...add, ...remove, ...memberships.map(([id]) => id)]);
  const badAdd = add.findIndex((id) => !known.has(id));
  if (badAdd >= 0) throw badRequest(`body.add.${badAdd}: is not a member of the organization`);
  const badRole = memberships.find(([id]) => !known.has(id));
  if (badRole) throw badRequest(`body.memberships.${badRole[0]}: is not a member of the organization`);

  const removed = new Set(remove.map((id) => known.get(id)).filter((id): id is string => !!id));
  const roles = new Map(memberships.map(([id, m]) => [known.get(id)!, m.role]));
  const row = (userId: string, role: TeamRole) => ({ teamId, userId, organizationId, role, addedAt: ctx.now });
  const plain = [...new Set(add.map((id) => known.get(id)!))].filter((id) => !removed.has(id) && !roles.has(id));
  const withRole = [...roles].filter(([id]) => !removed.has(id));

  const writes = [
    ...teamMemberInserts(
      ctx,
      plain.map((id) => row(id, "member")),
      false,
    ),
    ...teamMemberInserts(
      ctx,
      withRole.map(([id, role]) => row(id, role)),
      true,
    ),
    ...chunk([...removed], 90).map((part) =>
      ctx.db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, part))),
    ),
  ];
  await batch(ctx.db, writes);
}

/** Adds a member of the organization to the team, or changes their team role when `role` is given. */
export async function addTeamMember(
  ctx: ServiceContext,
  organizationId: string,
  teamId: string,
  userId: string,
  role: TeamRole | undefined,
) {
  await teamFor(ctx, organizationId, teamId, "team.admin");
  const [member] = await ctx.db
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
    .limit(1);
  if (!member) throw notFound("Member");
  const insert = ctx.db
    .insert(teamMembers)
    .values({ teamId, userId, organizationId, role: role ?? "member", addedAt: ctx.now });
  await (role
    ? insert.onConflictDoUpdate({ target: [teamMembers.teamId, teamMembers.userId], set: { role } })
    : insert.onConflictDoNothing());
}

export async function deleteTeamMember(ctx: ServiceContext, organizationId: string, teamId: string, userId: string) {
  await teamFor(ctx, organizationId, teamId, "team.admin");
  await ctx.db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

export interface MemberTeamView extends TeamView {
  memberRole: TeamRole;
}

/** The teams one member belongs to, with their role in each (`title`: case-insensitive contains). */
export async function listTeamsForMember(
  ctx: ServiceContext,
  organizationId: string,
  userId: string,
  query: PageRequest & { title?: string },
): Promise<Page<MemberTeamView>> {
  const caller = requireUser(ctx.caller);
  authorize(
    organizationAccess(caller, organizationId),
    userId === caller.userId ? "organization.view" : "organization.listTeams",
    "Organization",
  );
  const filter = and(
    eq(teamMembers.organizationId, organizationId),
    eq(teamMembers.userId, userId),
    titleContains(query.title),
  );
  const [isMember, page] = await Promise.all([
    ctx.db
      .select({ userId: organizationMembers.userId })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
      .limit(1),
    keysetPage<MemberTeamView>(ctx.db, {
      page: query,
      keys: teamOrder,
      rows: (after, orderBy, limit) =>
        ctx.db
          .select({ ...teamSelection(caller.userId), memberRole: teamMembers.role })
          .from(teamMembers)
          .innerJoin(teams, eq(teams.id, teamMembers.teamId))
          .where(and(filter, after))
          .orderBy(...orderBy)
          .limit(limit),
      count: ctx.db
        .select({ count: sql<number>`count(*)` })
        .from(teamMembers)
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .where(filter),
    }),
  ]);
  if (!isMember.length) throw notFound("Member");
  return page;
}
