import { and, eq, isNotNull, isNull, not, or, sql, type SQL } from "drizzle-orm";
import { batch } from "../../db/batch";
import { contentGrants, organizationMembers, teamMembers, users } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import { keysetPage, type Page, type PageRequest, type SortKey } from "../../lib/pagination";
import { memberRole, requireUser, type ServiceContext } from "../core";
import { organizationAccess, authorize, type MemberRole, type Role, signingSecret, signVisitorClaims } from "../access";
import type { UserRow } from "./users";
import { spaceCountsByRole } from "../spaces";

export type OrganizationMemberRow = typeof organizationMembers.$inferSelect;
export interface MemberView {
  member: OrganizationMemberRow;
  user: UserRow;
  teams: number;
  /** Live spaces the member can access (filled by withSpaceCounts). */
  spaces?: number;
}

/** Fills each member's count of accessible spaces (by role, so the cost does not grow with the page). */
export async function withSpaceCounts<T extends MemberView>(
  ctx: ServiceContext,
  organizationId: string,
  views: T[],
): Promise<T[]> {
  const counts = await spaceCountsByRole(
    ctx,
    organizationId,
    views.map((v) => v.member.role as MemberRole),
  );
  return views.map((v) => ({ ...v, spaces: counts.get(v.member.role as MemberRole) ?? 0 }));
}

/** A member with their user and team count, in one statement. */
export function memberSelection() {
  return {
    member: organizationMembers,
    user: users,
    teams: sql<number>`(SELECT count(*) FROM team_members tm WHERE tm.organization_id = ${organizationMembers.organizationId} AND tm.user_id = ${organizationMembers.userId})`,
  };
}

function selectMember(ctx: ServiceContext, organizationId: string, userId: string) {
  return ctx.db
    .select(memberSelection())
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
    .limit(1);
}

/**
 * True for the row when it is the organization's last enabled admin. `IS` (not `=`) so that a guest's NULL
 * role compares false instead of NULL.
 */
function isLastAdmin(organizationId: string): SQL {
  return sql`(${organizationMembers.role} IS 'admin' AND ${organizationMembers.disabled} = 0 AND
    (SELECT count(*) FROM organization_members a
      WHERE a.organization_id = ${organizationId} AND a.role = 'admin' AND a.disabled = 0) <= 1)`;
}

/** Members read each other (read role and up); anyone may read their own membership. */
function authorizeMemberRead(ctx: ServiceContext, organizationId: string, userId: string) {
  const caller = requireUser(ctx.caller);
  const access = organizationAccess(caller, organizationId);
  authorize(access, userId === caller.userId ? "organization.view" : "organization.listMembers", "Organization");
  return access;
}

export interface MemberListQuery extends PageRequest {
  order: "asc" | "desc";
  role?: Role | "guest";
  search?: string;
  sort: "joinedAt" | "lastSeenAt";
}

export function listMembers(
  ctx: ServiceContext,
  organizationId: string,
  query: MemberListQuery,
): Promise<Page<MemberView>> {
  authorize(organizationAccess(ctx.caller, organizationId), "organization.listMembers", "Organization");
  const search = query.search?.trim().toLowerCase();
  const filter = and(
    eq(organizationMembers.organizationId, organizationId),
    query.role === "guest"
      ? isNull(organizationMembers.role)
      : query.role
        ? eq(organizationMembers.role, query.role)
        : undefined,
    search
      ? or(sql`instr(lower(${users.displayName}), ${search}) > 0`, sql`instr(lower(${users.email}), ${search}) > 0`)
      : undefined,
    // Sorting by last-seen lists only members who have been seen (the reference's "active members").
    query.sort === "lastSeenAt" ? isNotNull(organizationMembers.lastSeenAt) : undefined,
  );
  const byLastSeen = query.sort === "lastSeenAt";
  return memberPage(ctx, query, filter, [
    byLastSeen
      ? { column: organizationMembers.lastSeenAt, direction: query.order, value: (r) => r.member.lastSeenAt ?? 0 }
      : { column: organizationMembers.joinedAt, direction: query.order, value: (r) => r.member.joinedAt },
    { column: organizationMembers.userId, direction: query.order, value: (r) => r.member.userId },
  ]);
}

/** A keyset page of organization members with their users, matching `filter` (which may name users' columns). */
export function memberPage(
  ctx: ServiceContext,
  page: PageRequest,
  filter: SQL | undefined,
  keys: SortKey<MemberView>[],
): Promise<Page<MemberView>> {
  return keysetPage<MemberView>(ctx.db, {
    page,
    keys,
    rows: (after, orderBy, limit) =>
      ctx.db
        .select(memberSelection())
        .from(organizationMembers)
        .innerJoin(users, eq(users.id, organizationMembers.userId))
        .where(and(filter, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db
      .select({ count: sql<number>`count(*)` })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(filter),
  });
}

export async function getMember(ctx: ServiceContext, organizationId: string, userId: string): Promise<MemberView> {
  authorizeMemberRead(ctx, organizationId, userId);
  const [row] = await selectMember(ctx, organizationId, userId);
  if (!row) throw notFound("Member");
  return row;
}

/** Changes a member's role (admins only). Demoting the last admin is refused with 409, in the same statement. */
export async function updateMemberRole(
  ctx: ServiceContext,
  organizationId: string,
  userId: string,
  role: MemberRole | undefined,
): Promise<MemberView> {
  authorize(organizationAccess(ctx.caller, organizationId), "organization.manageMembers", "Organization");
  if (role === undefined) return getMember(ctx, organizationId, userId);
  const target = and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId));
  const [updated, [row]] = await batch(ctx.db, [
    ctx.db
      .update(organizationMembers)
      .set({ role })
      .where(and(target, role === "admin" ? undefined : not(isLastAdmin(organizationId))))
      .returning({ userId: organizationMembers.userId }),
    selectMember(ctx, organizationId, userId),
  ]);
  if (!row) throw notFound("Member");
  if (!updated.length)
    throw conflict("The organization's last admin cannot be demoted; make another member admin first");
  return row;
}

/**
 * Removes a member (admins; or the member themself, leaving) with their team memberships. Removing the
 * last admin is refused with 409 and changes nothing: the guard is in the DELETE itself and the team rows
 * are only deleted once the membership is gone. Idempotent: removing a non-member succeeds.
 */
export async function removeMember(ctx: ServiceContext, organizationId: string, userId: string): Promise<void> {
  const caller = requireUser(ctx.caller);
  const own = userId === caller.userId;
  authorize(
    organizationAccess(caller, organizationId),
    own ? "organization.leave" : "organization.manageMembers",
    "Organization",
  );
  const target = and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId));
  const [, , , remaining] = await batch(ctx.db, [
    ctx.db.delete(organizationMembers).where(and(target, not(isLastAdmin(organizationId)))),
    // Their grants on the organization's content go with their membership.
    ctx.db
      .delete(contentGrants)
      .where(
        and(
          eq(contentGrants.organizationId, organizationId),
          eq(contentGrants.subjectKind, "user"),
          eq(contentGrants.subjectId, userId),
          sql`NOT EXISTS (SELECT 1 FROM organization_members m WHERE m.organization_id = ${organizationId} AND m.user_id = ${userId})`,
        ),
      ),
    ctx.db
      .delete(teamMembers)
      .where(
        and(
          eq(teamMembers.organizationId, organizationId),
          eq(teamMembers.userId, userId),
          sql`NOT EXISTS (SELECT 1 FROM organization_members m WHERE m.organization_id = ${organizationId} AND m.user_id = ${userId})`,
        ),
      ),
    ctx.db.select({ userId: organizationMembers.userId }).from(organizationMembers).where(target).limit(1),
  ]);
  if (remaining.length)
    throw conflict("The organization's last admin cannot be removed; make another member admin first");
}

/** Marks a member as an SSO member of the organization (admins only). */
export async function setSSOMember(ctx: ServiceContext, organizationId: string, userId: string): Promise<MemberView> {
  authorize(organizationAccess(ctx.caller, organizationId), "organization.manageMembers", "Organization");
  const [, [row]] = await batch(ctx.db, [
    ctx.db
      .update(organizationMembers)
      .set({ sso: true })
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId))),
    selectMember(ctx, organizationId, userId),
  ]);
  if (!row) throw notFound("Member");
  return row;
}

/** Stamps the caller's last-seen time and returns visitor claims signed with the deployment's signing secret. */
export async function pingOrganization(
  ctx: ServiceContext,
  organizationId: string,
): Promise<{ gitbookVisitorClaims: string }> {
  const caller = requireUser(ctx.caller);
  const access = memberRole(caller, organizationId);
  authorize(access, "organization.view", "Organization");
  const [, secret] = await Promise.all([
    ctx.db
      .update(organizationMembers)
      .set({ lastSeenAt: ctx.now })
      .where(
        and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, caller.userId)),
      ),
    signingSecret(ctx),
  ]);
  const gitbookVisitorClaims = await signVisitorClaims(secret, {
    issuer: ctx.urls.api,
    userId: caller.userId,
    organizationId,
    role: access ?? null,
    now: ctx.now,
  });
  return { gitbookVisitorClaims };
}
