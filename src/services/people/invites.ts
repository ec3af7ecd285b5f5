import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { abortUnless } from "../../db/abort-unless";
import { batch, type Statement } from "../../db/batch";
import type { Db } from "../../db/client";
import { inviteLinks, organizationInvitations, organizationMembers, organizations, users } from "../../db/schema";
import { chunk, rowsPerInsert } from "../../lib/chunk";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import { sha256Hex } from "../../lib/crypto";
import { base62, newId, randomBytes } from "../../lib/ids";
import { keysetPage, type Page, type PageRequest } from "../../lib/pagination";
import { memberRole, requireUser, type ServiceContext } from "../core";
import { organizationAccess, type Access, authorize, isScoped, roleRank, type MemberRole } from "../access";
import { normalizeEmail } from "./users";

export type InviteLinkRow = typeof inviteLinks.$inferSelect;

/**
 * An email invitation's one-time link (`/join/invitation#invitation=<secret>`): answered once to the admin who
 * invites, to pass on as there is no email server; only its SHA-256 is stored. It lets a new account with exactly
 * that email be created and join with exactly that invitation (services/auth/invite-sign-up.ts). Inviting again
 * replaces it.
 */
export const INVITATION_LINK_PREFIX = "qi_";
export const INVITATION_LINK_TTL_MS = 7 * 24 * 60 * 60_000;

export interface InvitationLink {
  email: string;
  secret: string;
  expiresAt: number;
}

export interface InviteUsersInput {
  emails: (string | { email: string; role: MemberRole })[];
  role?: MemberRole;
  sso?: boolean;
}

/**
 * Invites people by email (admins only). Emails of existing users become memberships at once (an existing
 * member keeps their role: an invite never demotes); other emails become pending invitations, which
 * `findOrCreateUser` (and bootstrap) turn into memberships when a user with that email is created, and each
 * gets a one-time link (`links`) with which its person can create that account. `role` defaults to the
 * organization's default role.
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
  const links: InvitationLink[] = emails
    .filter((email) => !existing.has(email))
    .map((email) => ({
      email,
      secret: INVITATION_LINK_PREFIX + base62(randomBytes(32)),
      expiresAt: ctx.now + INVITATION_LINK_TTL_MS,
    }));
  const invitationRows = await Promise.all(
    links.map(async (link) => ({
      organizationId,
      email: link.email,
      role: wanted.get(link.email) !== undefined ? (wanted.get(link.email) as MemberRole) : fallback,
      sso,
      invitedBy: caller.userId,
      createdAt: ctx.now,
      linkHash: await sha256Hex(link.secret),
      linkExpiresAt: link.expiresAt,
    })),
  );
  const writes = [
    ...chunk(memberRows, rowsPerInsert(7)).map((part) =>
      ctx.db.insert(organizationMembers).values(part).onConflictDoNothing(),
    ),
    ...chunk(invitationRows, rowsPerInsert(8)).map((part) =>
      ctx.db
        .insert(organizationInvitations)
        .values(part)
        .onConflictDoUpdate({
          target: [organizationInvitations.organizationId, organizationInvitations.email],
          set: {
            role: sql`excluded.role`,
            sso: sql`excluded.sso`,
            invitedBy: sql`excluded.invited_by`,
            linkHash: sql`excluded.link_hash`,
            linkExpiresAt: sql`excluded.link_expires_at`,
          },
        }),
    ),
  ];
  await batch(ctx.db, writes);
  return { users: memberRows.map((m) => m.userId), invited: emails.length, links };
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
 * What makes an invite link usable, as SQL: it exists in that organization, is neither disabled nor expired, and
 * the organization accepts invite links. `usableInviteLink` says which of these fails; this guards the batch
 * that joins through the link, so a link disabled or deleted meanwhile lets nobody in.
 */
function usableLinkWhere(organizationId: string, inviteId: string, now: number) {
  return and(
    eq(inviteLinks.id, inviteId),
    eq(inviteLinks.organizationId, organizationId),
    eq(inviteLinks.disabled, false),
    or(isNull(inviteLinks.expiresAt), gt(inviteLinks.expiresAt, now)),
    sql`EXISTS (SELECT 1 FROM ${organizations}
      WHERE ${organizations.id} = ${organizationId} AND ${organizations.inviteLinks} = 1)`,
  );
}

/**
 * The invite link, when it may be used to join. Refused: an unknown or deleted link (404); the organization's
 * `inviteLinks` flag off, a disabled link or an expired one (403: the link is known to the caller, who holds
 * it, but it grants nothing).
 */
export async function usableInviteLink(
  ctx: ServiceContext,
  organizationId: string,
  inviteId: string,
): Promise<InviteLinkRow> {
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
  return link;
}

/**
 * Joins the organization through an invite link (`usableInviteLink`'s rules), with the link's role. A member
 * keeps a stronger role than the link's.
 */
export async function joinWithInvite(ctx: ServiceContext, organizationId: string, inviteId: string): Promise<void> {
  const caller = requireUser(ctx.caller);
  const link = await usableInviteLink(ctx, organizationId, inviteId);
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

/**
 * The statements that make a user created in the same batch a member through an invite link, with the link's
 * role as it is when the batch runs; the batch rolls back unless the link is still usable then.
 */
export function joinNewUserWithInviteStatements(
  db: Db,
  input: { organizationId: string; inviteId: string; userId: string; now: number },
): Statement[] {
  return [
    db
      .insert(organizationMembers)
      .select(
        db
          .select({
            organizationId: inviteLinks.organizationId,
            userId: sql<string>`${input.userId}`.as("user_id"),
            role: inviteLinks.role,
            joinedAt: sql<number>`${input.now}`.as("joined_at"),
            lastSeenAt: sql<null>`NULL`.as("last_seen_at"),
            disabled: sql<boolean>`0`.as("disabled"),
            sso: sql<boolean>`0`.as("sso"),
            ssoSignedInAt: sql<null>`NULL`.as("sso_signed_in_at"),
          })
          .from(inviteLinks)
          .where(usableLinkWhere(input.organizationId, input.inviteId, input.now)),
      )
      .onConflictDoNothing(),
    abortUnless(db, sql`changes() = 1`),
  ];
}

const liveInvitationLink = (linkHash: string, now: number) =>
  and(eq(organizationInvitations.linkHash, linkHash), gt(organizationInvitations.linkExpiresAt, now));

export type InvitationRow = typeof organizationInvitations.$inferSelect;

/** The pending email invitation whose one-time link has this hash, while the link is good. */
export async function invitationOfLink(db: Db, linkHash: string, now: number): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(organizationInvitations).where(liveInvitationLink(linkHash, now)).limit(1);
  return row;
}

/**
 * The statements that make a user created in the same batch a member by the invitation of this link (its
 * organization, role and SSO flag) and use the invitation up; the batch rolls back unless the link is still good.
 * The email's other invitations stay pending.
 */
export function acceptInvitationLinkStatements(
  db: Db,
  input: { linkHash: string; userId: string; now: number },
): Statement[] {
  return [
    db
      .insert(organizationMembers)
      .select(
        db
          .select({
            organizationId: organizationInvitations.organizationId,
            userId: sql<string>`${input.userId}`.as("user_id"),
            role: organizationInvitations.role,
            joinedAt: sql<number>`${input.now}`.as("joined_at"),
            lastSeenAt: sql<null>`NULL`.as("last_seen_at"),
            disabled: sql<boolean>`0`.as("disabled"),
            sso: organizationInvitations.sso,
            ssoSignedInAt: sql<null>`NULL`.as("sso_signed_in_at"),
          })
          .from(organizationInvitations)
          .where(liveInvitationLink(input.linkHash, input.now)),
      )
      .onConflictDoNothing(),
    abortUnless(db, sql`changes() = 1`),
    db.delete(organizationInvitations).where(eq(organizationInvitations.linkHash, input.linkHash)),
  ];
}
