import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Placeholders, reusableStatement } from "../../db/reusable";
import { apiTokens, contentGrants, organizationMembers } from "../../db/schema";
import { newApiToken, sha256Hex } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import { keysetPage, type PageRequest } from "../../lib/pagination";
import { type CallerGrants, requireUser, type ServiceContext } from "../core/context";
import { callerGrantsOf, userGrantsQuery } from "../access/grants";
import type { MemberRole } from "../access/roles";

export type ApiTokenRow = typeof apiTokens.$inferSelect;

export interface AuthenticatedToken {
  tokenId: string;
  userId: string;
  /** When the token was last stamped as used (at most every TOKEN_STAMP_INTERVAL_MS), null if never. */
  lastUsedAt: number | null;
  memberships: Map<string, MemberRole>;
  grants: CallerGrants;
}

/** `lastUsedAt` is accurate to this much: a token is stamped on use only when its stamp is older. */
export const TOKEN_STAMP_INTERVAL_MS = 5 * 60_000;

/**
 * The read that authenticates a token by its hash: the live (unrevoked) token with its user's memberships, one
 * row per membership (one row with no organization for a user without any). A read only, so that it can ride
 * another read batch of the same request (http/auth.ts).
 */
const tokenWithMemberships = reusableStatement((db, p: Placeholders<{ tokenHash: string }>) =>
  db
    .select({
      id: apiTokens.id,
      userId: apiTokens.userId,
      lastUsedAt: apiTokens.lastUsedAt,
      organizationId: organizationMembers.organizationId,
      role: organizationMembers.role,
    })
    .from(apiTokens)
    .leftJoin(
      organizationMembers,
      and(eq(organizationMembers.userId, apiTokens.userId), eq(organizationMembers.disabled, false)),
    )
    .where(and(eq(apiTokens.tokenHash, p.tokenHash), isNull(apiTokens.revokedAt))),
);

/**
 * The token's user's grants on spaces and collections, their own and their teams', in the organizations where
 * they are an enabled member (guest grants, which raise nothing, left out).
 */
const grantsByTokenHash = reusableStatement((db, p: Placeholders<{ tokenHash: string }>) => {
  const user = sql`(SELECT user_id FROM api_tokens WHERE token_hash = ${p.tokenHash} AND revoked_at IS NULL)`;
  return userGrantsQuery(
    db,
    user,
    sql`${contentGrants.organizationId} IN (SELECT organization_id FROM organization_members
      WHERE user_id = ${user} AND disabled = 0)`,
  );
});

/** The reads that authenticate a token: the token with its memberships, and its user's grants. */
export function authenticationRead(db: Db, tokenHash: string) {
  return [tokenWithMemberships(db, { tokenHash }), grantsByTokenHash(db, { tokenHash })] as const;
}

export type AuthenticationGrantRows = {
  resourceKind: "space" | "collection";
  resourceId: string;
  role: string | null;
}[];

export type AuthenticationRows = {
  id: string;
  userId: string;
  lastUsedAt: number | null;
  organizationId: string | null;
  role: string | null;
}[];

/** The token the reads found, or null for an unknown or revoked token. */
export function authenticatedToken(
  rows: AuthenticationRows,
  grantRows: AuthenticationGrantRows,
): AuthenticatedToken | null {
  const token = rows[0];
  if (!token) return null;
  const memberships = new Map<string, MemberRole>();
  for (const row of rows) if (row.organizationId !== null) memberships.set(row.organizationId, row.role as MemberRole);
  return {
    tokenId: token.id,
    userId: token.userId,
    lastUsedAt: token.lastUsedAt,
    memberships,
    grants: callerGrantsOf(grantRows),
  };
}

/** Whether a use at `now` should stamp the token (its stamp is missing or older than the interval). */
export function tokenStampIsStale(token: AuthenticatedToken, now: number): boolean {
  return token.lastUsedAt === null || now - token.lastUsedAt >= TOKEN_STAMP_INTERVAL_MS;
}

/** Stamps a token as used; a no-op when a concurrent request stamped it within the interval. */
export async function stampTokenUse(db: Db, tokenId: string, now: number): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        sql`(${apiTokens.lastUsedAt} IS NULL OR ${apiTokens.lastUsedAt} <= ${now - TOKEN_STAMP_INTERVAL_MS})`,
      ),
    );
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
