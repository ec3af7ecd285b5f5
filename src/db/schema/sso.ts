import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * SP-initiated SAML sign-ins in flight: the AuthnRequest's ID, bound to the browser that started it (the SHA-256
 * of a random value held in its short-lived cookie). Used once (`usedAt`), refused after `expiresAt` (10 min).
 */
export const samlRequests = sqliteTable(
  "saml_requests",
  {
    id: text().primaryKey(),
    providerId: text().notNull(),
    browserHash: text().notNull(),
    createdAt: integer().notNull(),
    expiresAt: integer().notNull(),
    usedAt: integer(),
  },
  (t) => [index("saml_requests_expiry").on(t.expiresAt)],
);

/** Assertion IDs already consumed, per provider, kept until the assertion could no longer be accepted (replay). */
export const samlAssertions = sqliteTable(
  "saml_assertions",
  {
    providerId: text().notNull(),
    assertionId: text().notNull(),
    expiresAt: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.assertionId] }), index("saml_assertions_expiry").on(t.expiresAt)],
);

/**
 * Browser sessions made by an SSO sign-in. Only the SHA-256 of the cookie's secret is stored. A session is
 * scoped to the organization whose provider signed the user in; revoking sets `revokedAt`.
 */
export const ssoSessions = sqliteTable(
  "sso_sessions",
  {
    id: text().primaryKey(),
    userId: text().notNull(),
    organizationId: text().notNull(),
    providerId: text().notNull(),
    tokenHash: text().notNull(),
    createdAt: integer().notNull(),
    expiresAt: integer().notNull(),
    revokedAt: integer(),
  },
  (t) => [uniqueIndex("sso_sessions_hash").on(t.tokenHash), index("sso_sessions_user").on(t.userId)],
);

/** Refused sign-ins and why (what an admin needs to fix the IdP's settings). */
export const ssoRefusals = sqliteTable(
  "sso_refusals",
  {
    id: text().primaryKey(),
    providerId: text().notNull(),
    organizationId: text(),
    reason: text().notNull(),
    createdAt: integer().notNull(),
  },
  (t) => [index("sso_refusals_provider").on(t.providerId, t.createdAt)],
);

/**
 * A member's OpenID Connect sign-in in flight (services/sso/member-oidc.ts), found by the SHA-256 of its `state`;
 * bound to the browser that started it (the SHA-256 of the random value in its short-lived cookie, from which the
 * PKCE verifier is derived); the nonce kept as its SHA-256, with the redirect URI the code is exchanged with and
 * `next`, the app path to land on. Used once, refused after `expiresAt` (10 min).
 */
export const memberOidcSignIns = sqliteTable(
  "member_oidc_sign_ins",
  {
    id: text().primaryKey(),
    organizationId: text().notNull(),
    browserHash: text().notNull(),
    nonceHash: text().notNull(),
    redirectUri: text().notNull(),
    next: text(),
    createdAt: integer().notNull(),
    expiresAt: integer().notNull(),
    usedAt: integer(),
  },
  (t) => [index("member_oidc_sign_ins_expiry").on(t.expiresAt)],
);
