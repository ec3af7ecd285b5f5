import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** People with a Quire account. Emails are stored lower-cased and are unique. */
export const users = sqliteTable(
  "users",
  {
    id: text().primaryKey(),
    email: text().notNull(),
    displayName: text().notNull(),
    photoUrl: text(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

export const organizations = sqliteTable(
  "organizations",
  {
    id: text().primaryKey(),
    title: text().notNull(),
    type: text({ enum: ["business", "community"] })
      .notNull()
      .default("business"),
    useCase: text(),
    communityType: text(),
    /** JSON array of lower-cased domains whose users may find and join the organization. */
    emailDomains: text({ mode: "json" }).$type<string[]>().notNull().default([]),
    /** The organization's subdomain (default hostname for public content); unique. */
    hostname: text(),
    customHostname: text(),
    /** Role given to new members; null means guest. */
    defaultRole: text(),
    defaultContentSiteId: text(),
    logoUrl: text(),
    sso: integer({ mode: "boolean" }).notNull().default(false),
    ai: integer({ mode: "boolean" }).notNull().default(false),
    inviteLinks: integer({ mode: "boolean" }).notNull().default(true),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [uniqueIndex("organizations_hostname_unique").on(t.hostname)],
);

/** One row per (organization, user). `role` null is a guest. */
export const organizationMembers = sqliteTable(
  "organization_members",
  {
    organizationId: text().notNull(),
    userId: text().notNull(),
    role: text(),
    joinedAt: integer().notNull(),
    lastSeenAt: integer(),
    disabled: integer({ mode: "boolean" }).notNull().default(false),
    sso: integer({ mode: "boolean" }).notNull().default(false),
    /** First sign-in through one of the organization's SAML providers (SSO enforcement: services/people/tokens.ts). */
    ssoSignedInAt: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    index("organization_members_user").on(t.userId),
    index("organization_members_joined").on(t.organizationId, t.joinedAt, t.userId),
  ],
);

/**
 * Personal API tokens. Only the SHA-256 of the secret is stored; `tokenPrefix` is for display. Reading a
 * token writes nothing but a `lastUsedAt` stamp at most every 5 minutes; the per-token rate limit counts in a
 * Durable Object (coordination/token-request-counter.ts).
 */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: text().primaryKey(),
    userId: text().notNull(),
    label: text().notNull(),
    tokenHash: text().notNull(),
    tokenPrefix: text().notNull(),
    createdAt: integer().notNull(),
    lastUsedAt: integer(),
    revokedAt: integer(),
    /**
     * 'personal' (a bearer token the person made) or 'session' (the app's sign-in cookie, services/auth): a
     * session is refused as a bearer token, listed apart, and ends at `expiresAt`, which each use slides.
     */
    kind: text({ enum: ["personal", "session"] })
      .notNull()
      .default("personal"),
    /** A session's idle end (null for personal tokens, which do not expire). */
    expiresAt: integer(),
    /** The browser that signed in (a session's), for the person's list of sessions. */
    userAgent: text(),
  },
  (t) => [
    uniqueIndex("api_tokens_hash_unique").on(t.tokenHash),
    index("api_tokens_user").on(t.userId, t.createdAt, t.id),
  ],
);

/** Index of organizations by email domain (the JSON column on organizations is what is served). */
export const organizationEmailDomains = sqliteTable(
  "organization_email_domains",
  {
    domain: text().notNull(),
    organizationId: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.domain, t.organizationId] }),
    index("organization_email_domains_org").on(t.organizationId),
  ],
);
