import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Statement } from "../../db/batch";
import { apiTokens } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import { base62, newId, randomBytes } from "../../lib/ids";
import { requireUser, type ServiceContext } from "../core";
import { SESSION_IDLE_MS } from "../people";

/**
 * The app's sessions are api_tokens of kind 'session': authenticated by the same read as a token (so the
 * same memberships, grants, revocation and SSO rules apply), but presented only as the app's HttpOnly cookie
 * (http/auth.ts refuses the prefix as a bearer token), ending after SESSION_IDLE_MS without use.
 */
export const SESSION_PREFIX = "qa_";

export const isSessionSecret = (secret: string) => secret.startsWith(SESSION_PREFIX);

/** The CSRF token of a session: derived from its secret, so it needs no row and says nothing of the secret. */
export const csrfTokenOf = (sessionSecret: string) => sha256Hex(`csrf:${sessionSecret}`);

export interface OpenedSession {
  id: string;
  secret: string;
  expiresAt: number;
}

/** The statement that opens a session for a user (run in the caller's batch, with what signed them in). */
export async function planSession(
  db: Db,
  userId: string,
  userAgent: string | undefined,
  now: number,
): Promise<{ session: OpenedSession; statement: Statement }> {
  const secret = SESSION_PREFIX + base62(randomBytes(32));
  const session = { id: newId(), secret, expiresAt: now + SESSION_IDLE_MS };
  const statement = db.insert(apiTokens).values({
    id: session.id,
    userId,
    label: "Signed in",
    tokenHash: await sha256Hex(secret),
    tokenPrefix: secret.slice(0, 8),
    createdAt: now,
    lastUsedAt: now,
    revokedAt: null,
    kind: "session",
    expiresAt: session.expiresAt,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return { session, statement };
}

export type SessionRow = typeof apiTokens.$inferSelect;

const liveSessionsOf = (userId: string, now: number) =>
  and(
    eq(apiTokens.userId, userId),
    eq(apiTokens.kind, "session"),
    isNull(apiTokens.revokedAt),
    gt(apiTokens.expiresAt, now),
  );

/** The caller's live sessions, newest first (a person has a handful: no pagination cursor needed past 100). */
export async function listOwnSessions(ctx: ServiceContext): Promise<{ rows: SessionRow[]; currentId: string }> {
  const caller = requireUser(ctx.caller);
  const rows = await ctx.db
    .select()
    .from(apiTokens)
    .where(liveSessionsOf(caller.userId, ctx.now))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(100);
  return { rows, currentId: caller.tokenId };
}

/** Ends one of the caller's sessions. Idempotent: a missing or ended session succeeds, as token revocation does. */
export async function revokeOwnSession(ctx: ServiceContext, sessionId: string): Promise<void> {
  const caller = requireUser(ctx.caller);
  await ctx.db
    .update(apiTokens)
    .set({ revokedAt: ctx.now })
    .where(and(eq(apiTokens.id, sessionId), liveSessionsOf(caller.userId, ctx.now)));
}

/** Ends the session whose secret a browser sent (sign-out); nothing for an unknown one. */
export async function endSession(db: Db, secret: string, now: number): Promise<void> {
  if (!isSessionSecret(secret)) return;
  await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(
      and(eq(apiTokens.tokenHash, await sha256Hex(secret)), eq(apiTokens.kind, "session"), sql`revoked_at IS NULL`),
    );
}
