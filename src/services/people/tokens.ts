import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { type Db, inBatch } from "../../db/client";
import { type Placeholders, reusableStatement } from "../../db/reusable";
import { apiTokens, contentGrants, type IntegrationScope } from "../../db/schema";
import {
  consentedScopes,
  type ScopedCaller,
  accessGenerationSql,
  callerGrantsOf,
  type GrantKind,
  userGrantsCondition,
  type MemberRole,
} from "../access";
import { newApiToken, sha256Hex } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import { keysetPage, type PageRequest } from "../../lib/pagination";
import { type CallerGrants, requireUser, type ServiceContext } from "../core";
import { personalTokens } from "../../lib/isolate-caches";
import type { AccessMemo } from "../../lib/lru";

export type ApiTokenRow = typeof apiTokens.$inferSelect;

export type AuthenticatedToken = PersonalToken | IntegrationToken;

/** A token Quire minted for an integration, as its caller (services/integrations/tokens.ts). */
export interface IntegrationToken {
  kind: "scoped";
  tokenId: string;
  caller: ScopedCaller;
}

export interface PersonalToken {
  kind: "user";
  tokenId: string;
  userId: string;
  /** When the token was last stamped as used (at most every TOKEN_STAMP_INTERVAL_MS), null if never. */
  lastUsedAt: number | null;
  /** An app session's idle end, which each stamp slides (services/auth); null for a personal token. */
  expiresAt: number | null;
  memberships: Map<string, MemberRole>;
  grants: CallerGrants;
}

/** `lastUsedAt` is accurate to this much: a token is stamped on use only when its stamp is older. */
export const TOKEN_STAMP_INTERVAL_MS = 5 * 60_000;

/**
 * SSO enforcement (the organization's `sso`): a membership `m` counts for a token only once its member has signed
 * in through one of the organization's SAML providers. Admins are exempt, so that no organization can lock out
 * the people who configure its identity provider.
 */
const ssoSatisfied = sql`(m.sso_signed_in_at IS NOT NULL OR m.role = 'admin'
  OR NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = m.organization_id AND o.sso = 1))`;

/**
 * The read that authenticates a token by its hash: one statement, one row, for every kind of token (each
 * statement of a batch costs D1 a fixed amount, whatever it reads). A personal token (unrevoked) comes with its
 * user's memberships (enabled ones, `[organizationId, role]` pairs as JSON) and their grants on spaces and
 * collections, their own and their teams', in those organizations (`[kind, id, role]` triples; guest grants, which
 * raise nothing, left out). A token Quire minted for an integration (services/integrations/tokens.ts) comes with
 * its integration (and installation, for an installation token) as they are now: none once the integration is
 * unpublished or the installation uninstalled; its expiry is checked by `authenticatedToken`. A read only, so
 * that it can ride another read batch of the same request (http/auth.ts).
 */
const tokenRead = reusableStatement((db, p: Placeholders<{ tokenHash: string }>) => {
  const organizations = sql`(SELECT organization_id FROM organization_members m WHERE m.user_id = t.user_id AND m.disabled = 0 AND ${ssoSatisfied})`;
  const grants = userGrantsCondition(sql`t.user_id`, sql`${contentGrants.organizationId} IN ${organizations}`);
  return inBatch(
    db,
    db.all<AuthenticationRow>(sql`SELECT t.id AS id, t.user_id AS userId, t.last_used_at AS lastUsedAt,
        (SELECT json_group_array(json_array(m.organization_id, m.role)) FROM organization_members m
          WHERE m.user_id = t.user_id AND m.disabled = 0 AND ${ssoSatisfied}) AS memberships,
        (SELECT json_group_array(json_array(${contentGrants.resourceKind}, ${contentGrants.resourceId},
          ${contentGrants.role})) FROM ${contentGrants} WHERE ${grants}) AS grants,
        ${accessGenerationSql} AS accessGeneration,
        NULL AS organizationId, NULL AS integration, NULL AS owner, NULL AS installationId, t.expires_at AS expiresAt,
        NULL AS scopes, NULL AS acceptedScopes, NULL AS spaceSelection, NULL AS siteSelection, NULL AS spaceIds, NULL AS siteIds
      FROM api_tokens t WHERE t.token_hash = ${p.tokenHash} AND t.revoked_at IS NULL
      UNION ALL
      SELECT k.id, NULL, NULL, NULL, NULL, NULL, i.organization_id, g.name, g.organization_id, k.installation_id,
        k.expires_at, g.scopes, i.accepted_scopes, i.space_selection, i.site_selection,
        CASE WHEN i.space_selection = 'selected' THEN (SELECT json_group_array(s.space_id)
          FROM integration_space_installations s WHERE s.installation_id = i.id) END,
        CASE WHEN i.site_selection = 'selected' THEN (SELECT json_group_array(s.site_id)
          FROM integration_site_installations s WHERE s.installation_id = i.id) END
      FROM integration_tokens k JOIN integrations g ON g.name = k.integration_name
        LEFT JOIN integration_installations i ON i.id = k.installation_id AND i.integration_name = k.integration_name
      WHERE k.token_hash = ${p.tokenHash} AND (k.installation_id IS NULL OR i.id IS NOT NULL)`),
  );
});

/** A personal token's user id, as an SQL expression (NULL for an unknown, revoked or integration token). */
export const tokenUserIdSql = (tokenHash: string): SQL =>
  sql`(SELECT user_id FROM api_tokens WHERE token_hash = ${tokenHash} AND revoked_at IS NULL)`;

/**
 * The read that authenticates a personal token this isolate knows: the token row (still unrevoked?) and the
 * access generation, which says whether the memberships and grants kept with it still hold.
 */
const knownTokenRead = reusableStatement((db, p: Placeholders<{ tokenHash: string }>) =>
  inBatch(
    db,
    db.all<KnownTokenRow>(sql`SELECT t.id AS id, t.user_id AS userId, t.last_used_at AS lastUsedAt,
        t.expires_at AS expiresAt, ${accessGenerationSql} AS accessGeneration
      FROM api_tokens t WHERE t.token_hash = ${p.tokenHash} AND t.revoked_at IS NULL`),
  ),
);

/**
 * Personal tokens' memberships and grants by token hash, with the access generation they were read at: while
 * it stands still, a token's read is its row and the counter, a fraction of the full read's SQL to prepare.
 */
const knownTokens = personalTokens.store as AccessMemo<PersonalToken>;

/**
 * The read that authenticates a token (a batch of one statement, to ride another read's batch): the token row
 * alone when this isolate knows the token (its memberships and grants are checked against the access
 * generation), else everything (`inFull`, or when the known one turns out stale).
 */
export function authenticationRead(db: Db, tokenHash: string, inFull = false) {
  return [
    !inFull && knownTokens.get(tokenHash) ? knownTokenRead(db, { tokenHash }) : tokenRead(db, { tokenHash }),
  ] as const;
}

export interface AuthenticationRow {
  id: string;
  /** Null for an integration's token (the columns from `organizationId` on are null for a personal token). */
  userId: string | null;
  lastUsedAt: number | null;
  /** A personal token's: JSON `[organizationId, role][]`. */
  memberships: string | null;
  /** A personal token's: JSON `[resourceKind, resourceId, role][]`. */
  grants: string | null;
  /** A personal token's: the access generation its memberships and grants were read at. */
  accessGeneration: number | null;
  /** An installation token's organization. */
  organizationId: string | null;
  integration: string | null;
  owner: string | null;
  installationId: string | null;
  expiresAt: number | null;
  /** The integration's scopes now (JSON). */
  scopes: string | null;
  /** The scopes the installation's admins accepted (JSON): the token acts within both. */
  acceptedScopes: string | null;
  spaceSelection: "all" | "selected" | null;
  siteSelection: "all" | "selected" | null;
  spaceIds: string | null;
  siteIds: string | null;
}

/** The read of a token this isolate knows (`knownTokenRead`): the row, and the access generation. */
export type KnownTokenRow = Pick<AuthenticationRow, "id" | "userId" | "lastUsedAt" | "expiresAt" | "accessGeneration">;

const scopeList = (scopes: string | null): IntegrationScope[] =>
  scopes ? (JSON.parse(scopes) as IntegrationScope[]) : [];

const idSet = (ids: string | null): ReadonlySet<string> => new Set(ids ? (JSON.parse(ids) as string[]) : []);

/** An integration's token from its row, or null once expired. */
function integrationToken(row: AuthenticationRow, now: number): IntegrationToken | null {
  if (row.expiresAt === null || row.expiresAt <= now) return null;
  const caller: ScopedCaller = {
    kind: "scoped",
    tokenId: row.id,
    integration: row.integration!,
    ownerOrganizationId: row.owner!,
  };
  if (row.installationId !== null && row.organizationId !== null) {
    caller.installation = {
      id: row.installationId,
      organizationId: row.organizationId,
      scopes: new Set(consentedScopes(scopeList(row.scopes), scopeList(row.acceptedScopes))),
      spaces: row.spaceSelection === "all" ? "all" : idSet(row.spaceIds),
      sites: row.siteSelection === "all" ? "all" : idSet(row.siteIds),
    };
  }
  return { kind: "scoped", tokenId: row.id, caller };
}

/**
 * The token `authenticationRead` found, or null for an unknown, revoked or expired token; undefined when the
 * read was of a known token whose kept memberships and grants no longer hold (read it again in full).
 */
export function authenticatedToken(
  tokenHash: string,
  rows: (AuthenticationRow | KnownTokenRow)[],
  now = Date.now(),
): AuthenticatedToken | null | undefined {
  const token = rows[0];
  if (!token) {
    knownTokens.delete(tokenHash);
    return null;
  }
  if (token.userId !== null && token.expiresAt !== null && token.expiresAt <= now) return null;
  if (!("memberships" in token)) {
    const known = knownTokens.get(tokenHash);
    if (!known || known.generation !== token.accessGeneration || known.value.tokenId !== token.id) return undefined;
    return { ...known.value, lastUsedAt: token.lastUsedAt, expiresAt: token.expiresAt };
  }
  if (token.userId === null) return integrationToken(token, now);
  const memberships = new Map(JSON.parse(token.memberships ?? "[]") as [string, MemberRole][]);
  const grants = (JSON.parse(token.grants ?? "[]") as [GrantKind, string, string][]).map(
    ([resourceKind, resourceId, role]) => ({ resourceKind, resourceId, role }),
  );
  const personal: PersonalToken = {
    kind: "user",
    tokenId: token.id,
    userId: token.userId,
    lastUsedAt: token.lastUsedAt,
    expiresAt: token.expiresAt,
    memberships,
    grants: callerGrantsOf(grants),
  };
  if (token.accessGeneration !== null) knownTokens.set(tokenHash, personal, token.accessGeneration);
  return personal;
}

/** Whether a use at `now` should stamp the token (its stamp is missing or older than the interval). */
export function tokenStampIsStale(token: AuthenticatedToken, now: number): token is PersonalToken {
  // Integrations' tokens live an hour and are not listed anywhere: nothing to stamp.
  if (token.kind !== "user") return false;
  return token.lastUsedAt === null || now - token.lastUsedAt >= TOKEN_STAMP_INTERVAL_MS;
}

/** An app session ends after this long without use (slid by each stamp, so to within the stamp interval). */
export const SESSION_IDLE_MS = 12 * 3_600_000;

/**
 * Stamps a token as used, sliding a session's idle end; a no-op when a concurrent request stamped it within
 * the interval.
 */
export async function stampTokenUse(db: Db, token: PersonalToken, now: number): Promise<void> {
  await db
    .update(apiTokens)
    .set(token.expiresAt === null ? { lastUsedAt: now } : { lastUsedAt: now, expiresAt: now + SESSION_IDLE_MS })
    .where(
      and(
        eq(apiTokens.id, token.tokenId),
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
    kind: "personal",
    expiresAt: null,
    userAgent: null,
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
  const mine = and(eq(apiTokens.userId, caller.userId), eq(apiTokens.kind, "personal"), isNull(apiTokens.revokedAt));
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
    .where(
      and(
        eq(apiTokens.id, tokenId),
        eq(apiTokens.userId, caller.userId),
        eq(apiTokens.kind, "personal"),
        isNull(apiTokens.revokedAt),
      ),
    );
}
