import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Statement } from "../../db/batch";
import { organizationMembers, organizations, ssoSessions, users } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import type { MemberRole, ServiceContext } from "../core";
import { createOwnToken } from "../people";
import { SsoRefusal } from "./refusal";

/** A browser session lasts 12 hours (the cookie's Max-Age too). */
export const SESSION_TTL_MS = 12 * 3_600_000;

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** The statement that opens an SSO session (run in the ACS's batch) and the secret for its cookie. */
export async function planSsoSession(
  db: Db,
  s: { userId: string; organizationId: string; providerId: string },
  now: number,
): Promise<{ secret: string; id: string; statement: Statement }> {
  const secret = `qs_${hex(crypto.getRandomValues(new Uint8Array(32)))}`;
  const id = newId();
  const statement = db.insert(ssoSessions).values({
    id,
    ...s,
    tokenHash: await sha256Hex(secret),
    createdAt: now,
    expiresAt: now + SESSION_TTL_MS,
    revokedAt: null,
  });
  return { secret, id, statement };
}

/**
 * Whether the user belongs to organizations other than this one (disabled memberships too): then a sign-in through
 * this organization's IdP vouches for only part of the account, and opens neither a token nor the app's session.
 */
export async function memberElsewhere(db: Db, userId: string, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ orgId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.userId, userId), ne(organizationMembers.organizationId, organizationId)))
    .limit(1);
  return row !== undefined;
}

export interface SessionView {
  id: string;
  userId: string;
  email: string;
  displayName: string;
  organizationId: string;
  organizationTitle: string;
  role: MemberRole | null;
  /** Whether the user is a member of organizations other than the session's (then no token is made here). */
  memberElsewhere: boolean;
  expiresAt: number;
}

/**
 * The live session of a cookie's secret: unexpired, unrevoked, and its user still an enabled member of the
 * session's organization. One batch.
 */
export async function readSession(db: Db, secret: string | undefined, now: number): Promise<SessionView | null> {
  if (!secret || !/^qs_[0-9a-f]{64}$/.test(secret)) return null;
  const hash = await sha256Hex(secret);
  const [[row], elsewhere] = await db.batch([
    db
      .select({
        id: ssoSessions.id,
        userId: ssoSessions.userId,
        email: users.email,
        displayName: users.displayName,
        organizationId: ssoSessions.organizationId,
        organizationTitle: organizations.title,
        role: organizationMembers.role,
        expiresAt: ssoSessions.expiresAt,
      })
      .from(ssoSessions)
      .innerJoin(users, eq(users.id, ssoSessions.userId))
      .innerJoin(organizations, eq(organizations.id, ssoSessions.organizationId))
      .innerJoin(
        organizationMembers,
        and(
          eq(organizationMembers.organizationId, ssoSessions.organizationId),
          eq(organizationMembers.userId, ssoSessions.userId),
          eq(organizationMembers.disabled, false),
        ),
      )
      .where(and(eq(ssoSessions.tokenHash, hash), isNull(ssoSessions.revokedAt), gt(ssoSessions.expiresAt, now)))
      .limit(1),
    db
      .select({ orgId: organizationMembers.organizationId })
      .from(organizationMembers)
      .innerJoin(ssoSessions, eq(ssoSessions.userId, organizationMembers.userId))
      .where(and(eq(ssoSessions.tokenHash, hash), ne(organizationMembers.organizationId, ssoSessions.organizationId)))
      .limit(1),
  ]);
  if (!row) return null;
  return { ...row, role: row.role as MemberRole | null, memberElsewhere: elsewhere.length > 0 };
}

/** Ends a session server-side (sign-out); the cookie is then worthless. */
export async function revokeSession(db: Db, secret: string | undefined, now: number): Promise<void> {
  if (!secret) return;
  await db
    .update(ssoSessions)
    .set({ revokedAt: now })
    .where(and(eq(ssoSessions.tokenHash, await sha256Hex(secret)), isNull(ssoSessions.revokedAt)));
}

/**
 * A personal API token for the session's user, made by the people domain as POST /v1/user/tokens makes it. A
 * personal token reaches every organization of its user, but this session only vouches for one: a user who is a
 * member elsewhere too is refused here (they create tokens with an existing token).
 */
export async function createSessionToken(ctx: ServiceContext, session: SessionView, label: string) {
  if (session.memberElsewhere)
    throw new SsoRefusal(
      "this account is a member of other organizations too: a token made from this sign-in would reach them",
      403,
    );
  const caller = {
    kind: "user" as const,
    userId: session.userId,
    tokenId: `session:${session.id}`,
    memberships: new Map([[session.organizationId, session.role as MemberRole]]),
  };
  return createOwnToken({ ...ctx, caller }, label);
}
