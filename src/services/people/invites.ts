import { and, eq, inArray, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { inviteLinks, organizationInvitations, organizationMembers, organizations, users } from "../../db/schema";
import { chunk, rowsPerInsert } from "../../lib/chunk";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { keysetPage, type Page, type PageRequest } from "../../lib/pagination";
import { memberRole, requireUser, type ServiceContext } from "../core";
import { organizationAccess, type Access, authorize, isScoped, roleRank, type MemberRole } from "../access";
import { normalizeEmail } from "./users";

export type InviteLinkRow = typeof inviteLinks.$inferSelect;

export interface InviteUsersInput {
  emails: (string | { email: string; role: MemberRole })[];
  role?: MemberRole;
  sso?: boolean;
}

/**
 * Invites people by email (admins only). Emails of existing users become memberships at once (an existing
 * member keeps their role: an invite never demotes); other emails become pending invitations, which
 * `findOrCreateUser` (and bootstrap) turn into memberships when a user with that email is created.
 * `role` defaults to the organization's default role.
 */
export async function inviteUsers(ctx: ServiceContext, organizationId: string, input: InviteUsersInput) {
  const caller = requireUser(ctx.caller);
  authorize(organizationAccess(caller, organizationId), "organization.manageInvites", "Organization");
  const wanted = new Map<string, MemberRole | undefined>();
  for (const entry of input.emails) {
    if (typeof entry === "string") wanted.set(normalizeEmail(entry), wanted.get(normalizeEmail(entry)));
    else wanted.set(normalizeEmail(entry.email), entry.role);
  }
  const emails = [...wanted.keys()];
  const lookups = chunk(emails, 90).map((part) =>
    ctx.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, part)),
  );
  const orgRead = ctx.db
    .select({ defaultRole: organizations.defaultRole })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const [[org], found] = await batch(ctx.db, [orgRead, lookups]);
  if (!org) throw notFound("Organization");
  const fallback = input.role !== undefined ? input.role : (org.defaultRole as MemberRole);
  const existing = new Map(found.flat().map((u) => [u.email, u.id]));
  const sso = input.sso ?? false;

  const memberRows = [...existing].map(([email, userId]) => ({
    organizationId,
    userId,
    role: wanted.get(email) !== undefined ? (wanted.get(email) as MemberRole) : fallback,
    joinedAt: ctx.now,
    disabled: false,
    sso,
  }));
  const invitationRows = emails
    .filter((email) => !existing.has(email))
    .map((email) => ({
      organizationId,
      email,
      role: wanted.get(email) !== undefined ? (wanted.get(email) as MemberRole) : fallback,
      sso,
      invitedBy: caller.userId,
      createdAt: ctx.now,
    }));
  const writes = [
    ...chunk(memberRows, rowsPerInsert(7)).map((part) =>
      ctx.db.insert(organizationMembers).values(part).onConflictDoNothing(),
    ),
    ...chunk(invitationRows, rowsPerInsert(6)).map((part) =>
      ctx.db
        .insert(organizationInvitations)
        .values(part)
        .onConflictDoUpdate({
          target: [organizationInvitations.organizationId, organizationInvitations.email],
          set: { role: sql`excluded.role`, sso: sql`excluded.sso`, invitedBy: sql`excluded.invited_by` },
        }),
    ),
  ];
  await batch(ctx.db, writes);
  return { users: memberRows.map((m) => m.userId), invited: emails.length };
}

function authorizeLinks(ctx: ServiceContext, organizationId: string) {
  const access = organizationAccess(ctx.caller, organizationId);
  authorize(access, "organization.manageInvites", "Organization");
  return access;
}

/** An invite is redundant when the caller already has at least the role it gives. */
export function isRedundant(access: Access, role: MemberRole): boolean {
  return access !== undefined && !isScoped(access) && roleRank(access) >= roleRank(role);
}

export function listInviteLinks(
  ctx: ServiceContext,
  organizationId: string,
  page: PageRequest,
): Promise<Page<InviteLinkRow>> {
  authorizeLinks(ctx, organizationId);
  const filter = eq(inviteLinks.organizationId, organizationId);
  return keysetPage<InviteLinkRow>(ctx.db, {
    page,
    keys: [
      { column: inviteLinks.createdAt, direction: "asc", value: (r) => r.createdAt },
      { column: inviteLinks.id, direction: "asc", value: (r) => r.id },
    ],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select()
        .from(inviteLinks)
        .where(and(filter, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(inviteLinks).where(filter),
  });
}

export interface InviteLinkInput {
  role?: MemberRole;
  expiresAt?: number | null;
  disabled?: boolean;
}

export async function createInviteLink(
  ctx: ServiceContext,
  organizationId: string,
  input: InviteLinkInput & { role: MemberRole },
) {
  const caller = requireUser(ctx.caller);
  authorizeLinks(ctx, organizationId);
  if (input.expiresAt != null && input.expiresAt <= ctx.now) throw badRequest("body.expiresAt: must be in the future");
  const row: InviteLinkRow = {
    id: newId(),
    organizationId,
    role: input.role,
    createdBy: caller.userId,
    createdAt: ctx.now,
    expiresAt: input.expiresAt ?? null,
    disabled: input.disabled ?? false,
  };
  await ctx.db.insert(inviteLinks).values(row);
  return row;
}

export async function getInviteLink(ctx: ServiceContext, organizationId: string, inviteId: string) {
  authorizeLinks(ctx, organizationId);
  const [row] = await ctx.db
    .select()
    .from(inviteLinks)
    .where(and(eq(inviteLinks.id, inviteId), eq(inviteLinks.organizationId, organizationId)))
    .limit(1);
  if (!row) throw notFound("Invite");
  return row;
}

export async function updateInviteLink(
  ctx: ServiceContext,
  organizationId: string,
  inviteId: string,
  patch: InviteLinkInput,
) {
  authorizeLinks(ctx, organizationId);
  const set: Partial<InviteLinkRow> = {};
  if (patch.role !== undefined) set.role = patch.role;
  if (patch.expiresAt !== undefined) set.expiresAt = patch.expiresAt;
  if (patch.disabled !== undefined) set.disabled = patch.disabled;
  if (!Object.keys(set).length) return getInviteLink(ctx, organizationId, inviteId);
  const [row] = await ctx.db
    .update(inviteLinks)
    .set(set)
    .where(and(eq(inviteLinks.id, inviteId), eq(inviteLinks.organizationId, organizationId)))
    .returning();
  if (!row) throw notFound("Invite");
  return row;
}

export async function deleteInviteLink(ctx: ServiceContext, organizationId: string, inviteId: string) {
  authorizeLinks(ctx, organizationId);
  await ctx.db
    .delete(inviteLinks)
    .where(and(eq(inviteLinks.id, inviteId), eq(inviteLinks.organizationId, organizationId)));
}

/**
 * Joins the organization through an invite link, with the link's role. Refused: an unknown or deleted link
 * (404); the organization's `inviteLinks` flag off, a disabled link or an expired one (403: the link is
 * known to the caller, who holds it, but it grants nothing). A member keeps a stronger role than the link's.
 */
export async function joinWithInvite(ctx: ServiceContext, organizationId: string, inviteId: string): Promise<void> {
  const caller = requireUser(ctx.caller);
  const [[link], [org]] = await batch(ctx.db, [
    ctx.db
      .select()
      .from(inviteLinks)
      .where(and(eq(inviteLinks.id, inviteId), eq(inviteLinks.organizationId, organizationId)))
      .limit(1),
    ctx.db
      .select({ inviteLinks: organizations.inviteLinks })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .limit(1),
  ]);
  if (!link || !org) throw notFound("Invite");
  if (!org.inviteLinks) throw forbidden("This organization does not accept invite links");
  if (link.disabled) throw forbidden("This invite link has been disabled");
  if (link.expiresAt !== null && link.expiresAt <= ctx.now) throw forbidden("This invite link has expired");

  const role = link.role as MemberRole;
  const current = memberRole(caller, organizationId);
  if (current !== undefined) {
    if (isRedundant(current, role)) return;
    await ctx.db
      .update(organizationMembers)
      .set({ role })
      .where(
        and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, caller.userId)),
      );
    return;
  }
  // Not an (enabled) member: join. A disabled member stays disabled (a link does not re-enable anyone).
  await ctx.db
    .insert(organizationMembers)
    .values({ organizationId, userId: caller.userId, role, joinedAt: ctx.now })
    .onConflictDoNothing();
}
