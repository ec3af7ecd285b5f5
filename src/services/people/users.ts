import { and, eq, or, sql } from "drizzle-orm";
import { abortUnless } from "../../db/abort-unless";
import { batch } from "../../db/batch";
import type { Db } from "../../db/client";
import { organizationInvitations, organizationMembers, users } from "../../db/schema";
import { forbidden, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { requireUser, type ServiceContext } from "../core";

export type UserRow = typeof users.$inferSelect;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A user is visible to themself and to people who share an organization with them; anyone else gets 404,
 * so that ids and emails cannot be enumerated.
 */
export async function getVisibleUser(ctx: ServiceContext, userId: string): Promise<UserRow> {
  const caller = requireUser(ctx.caller);
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        or(
          eq(users.id, caller.userId),
          sql`EXISTS (SELECT 1 FROM organization_members a JOIN organization_members b
                ON a.organization_id = b.organization_id
                WHERE a.user_id = ${users.id} AND b.user_id = ${caller.userId} AND a.disabled = 0 AND b.disabled = 0)`,
        ),
      ),
    )
    .limit(1);
  if (!row) throw notFound("User");
  return row;
}

export async function getAuthenticatedUser(ctx: ServiceContext): Promise<UserRow> {
  // By the token when the request has one: the user's row then rides the token's read, one round trip in all.
  const userId = ctx.callerUserIdSql ?? requireUser(ctx.caller).userId;
  const [rows] = await batch(ctx.db, [ctx.db.select().from(users).where(sql`${users.id} = ${userId}`).limit(1)]);
  requireUser(ctx.caller);
  if (!rows[0]) throw notFound("User");
  return rows[0];
}

export interface ProfilePatch {
  displayName?: string;
  photoURL?: string;
}

/** Only one's own profile can be changed. */
export async function updateOwnProfile(ctx: ServiceContext, userId: string, patch: ProfilePatch): Promise<UserRow> {
  const caller = requireUser(ctx.caller);
  if (userId !== caller.userId) throw forbidden("You can only update your own profile");
  const [row] = await ctx.db
    .update(users)
    .set({
      ...(patch.displayName !== undefined ? { displayName: patch.displayName } : {}),
      ...(patch.photoURL !== undefined ? { photoUrl: patch.photoURL } : {}),
      updatedAt: ctx.now,
    })
    .where(eq(users.id, caller.userId))
    .returning();
  if (!row) throw notFound("User");
  return row;
}

/**
 * Statements that turn the pending email invitations for `email` into memberships and delete them; run in
 * the batch that creates the user (an existing membership is left as it is). scripts/bootstrap.ts runs the
 * same SQL.
 */
export function acceptInvitationsStatements(db: Db, email: string, now: number) {
  return [
    db
      .insert(organizationMembers)
      .select(
        db
          .select({
            organizationId: organizationInvitations.organizationId,
            userId: users.id,
            role: organizationInvitations.role,
            joinedAt: sql<number>`${now}`.as("joined_at"),
            lastSeenAt: sql<null>`NULL`.as("last_seen_at"),
            disabled: sql<boolean>`0`.as("disabled"),
            sso: organizationInvitations.sso,
            ssoSignedInAt: sql<null>`NULL`.as("sso_signed_in_at"),
          })
          .from(organizationInvitations)
          .innerJoin(users, eq(users.email, organizationInvitations.email))
          .where(eq(organizationInvitations.email, email)),
      )
      .onConflictDoNothing(),
    db.delete(organizationInvitations).where(eq(organizationInvitations.email, email)),
  ] as const;
}

/** Whether an account has this (normalized) email. */
export async function emailIsTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

/**
 * The statements that create a user in the caller's batch, which rolls back if the email (or id) is taken. The
 * pending email invitations for that email are left pending: the person has not shown they own it.
 */
export function newUserStatements(db: Db, user: { id: string; email: string; displayName: string }, now: number) {
  return [
    db
      .insert(users)
      .values({ ...user, photoUrl: null, createdAt: now, updatedAt: now })
      .onConflictDoNothing(),
    abortUnless(db, sql`changes() = 1`),
  ] as const;
}

/**
 * Creates a user, or returns the existing one with that email (used by bootstrap, SSO and tests). Pending
 * invitations to that email become memberships in the same batch.
 */
export async function findOrCreateUser(db: Db, input: { email: string; displayName?: string }, now: number) {
  const email = normalizeEmail(input.email);
  const displayName = input.displayName?.trim() || email.split("@")[0];
  const [, , , [row]] = await batch(db, [
    db
      .insert(users)
      .values({ id: newId(), email, displayName, photoUrl: null, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: users.email }),
    ...acceptInvitationsStatements(db, email, now),
    db.select().from(users).where(eq(users.email, email)).limit(1),
  ]);
  return row;
}
