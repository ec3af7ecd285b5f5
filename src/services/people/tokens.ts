import { and, eq, isNull, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import type { Db } from "../../db/client";
import { apiTokens, organizationMembers } from "../../db/schema";
import { newApiToken, sha256Hex } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import { keysetPage, type PageRequest } from "../../lib/pagination";
import { requireUser, type ServiceContext } from "../core/context";
import type { MemberRole } from "../access/roles";

export type ApiTokenRow = typeof apiTokens.$inferSelect;

export interface AuthenticatedToken {
  tokenId: string;
  userId: string;
  /** Requests counted in the current rate-limit window, this one included. */
  requestsInWindow: number;
  memberships: Map<string, MemberRole>;
}

/**
 * Authenticates a bearer token in one D1 round trip: one statement finds the (unrevoked) token by hash,
 * stamps `lastUsedAt` and counts the request in its rate-limit window; a second loads the user's memberships.
 */
export async function authenticateToken(
  db: Db,
  token: string,
  now: number,
  rateWindow: number,
): Promise<AuthenticatedToken | null> {
  const hash = await sha256Hex(token);
  const live = and(eq(apiTokens.tokenHash, hash), isNull(apiTokens.revokedAt));
  const [stamped, memberships] = await batch(db, [
    db
      .update(apiTokens)
      .set({
        lastUsedAt: now,
        rateCount: sql`CASE WHEN rate_window = ${rateWindow} THEN rate_count + 1 ELSE 1 END`,
        rateWindow,
      })
      .where(live)
      .returning({ id: apiTokens.id, userId: apiTokens.userId, rateCount: apiTokens.rateCount }),
    db
      .select({ organizationId: organizationMembers.organizationId, role: organizationMembers.role })
      .from(organizationMembers)
      .where(
        and(
          eq(
            organizationMembers.userId,
            sql`(SELECT user_id FROM api_tokens WHERE token_hash = ${hash} AND revoked_at IS NULL)`,
          ),
          eq(organizationMembers.disabled, false),
        ),
      ),
  ]);
  const row = stamped[0];
  if (!row) return null;
  return {
    tokenId: row.id,
    userId: row.userId,
    requestsInWindow: row.rateCount,
    memberships: new Map(memberships.map((m) => [m.organizationId, m.role as MemberRole])),
  };
}

/** Issues a token for a user. The secret is returned once and never stored. */
export async function issueToken(db: Db, userId: string, label: string, now: number) {
  const secret = newApiToken();
  const row: ApiTokenRow = {
    id: newId(),
    userId,
    label,
    tokenHash: await sha256Hex(secret),
    tokenPrefix: secret.slice(0, 8),
    createdAt: now,
    lastUsedAt: null,
    revokedAt: null,
    rateWindow: 0,
    rateCount: 0,
  };
  await db.insert(apiTokens).values(row);
  return { row, secret };
}

export function createOwnToken(ctx: ServiceContext, label: string) {
  const caller = requireUser(ctx.caller);
  return issueToken(ctx.db, caller.userId, label, ctx.now);
}

export function listOwnTokens(ctx: ServiceContext, page: PageRequest) {
  const caller = requireUser(ctx.caller);
  const mine = and(eq(apiTokens.userId, caller.userId), isNull(apiTokens.revokedAt));
  return keysetPage<ApiTokenRow>(ctx.db, {
    page,
    keys: [
      { column: apiTokens.createdAt, direction: "desc", value: (t) => t.createdAt },
      { column: apiTokens.id, direction: "desc", value: (t) => t.id },
    ],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select()
        .from(apiTokens)
        .where(and(mine, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(apiTokens).where(mine),
  });
}

/** Revokes one of the caller's own tokens. Idempotent: revoking a missing or revoked token succeeds. */
export async function revokeOwnToken(ctx: ServiceContext, tokenId: string): Promise<void> {
  const caller = requireUser(ctx.caller);
  await ctx.db
    .update(apiTokens)
    .set({ revokedAt: ctx.now })
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, caller.userId), isNull(apiTokens.revokedAt)));
}
