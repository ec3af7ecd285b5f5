import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * A share link of a site: its `key` (a capability, shown to the site's managers in `urls.published` and
 * presented by visitors as `shareKey`) opens a published `share-link` site while the link is `active`.
 */
export const siteShareLinks = sqliteTable(
  "site_share_links",
  {
    id: text().primaryKey(),
    siteId: text().notNull(),
    organizationId: text().notNull(),
    name: text().notNull(),
    key: text().notNull(),
    active: integer({ mode: "boolean" }).notNull().default(true),
    createdAt: integer().notNull(),
  },
  (t) => [
    uniqueIndex("site_share_links_key").on(t.key),
    index("site_share_links_site").on(t.siteId, t.createdAt, t.id),
  ],
);

/**
 * A site's visitor authentication: `privateKey` signs (HS256) the visitor JWTs that open a published
 * `visitor-auth` site; regenerating it invalidates every token signed with the old one. One row per site,
 * made on first read.
 */
export const sitePublishingAuth = sqliteTable("site_publishing_auth", {
  siteId: text().primaryKey(),
  organizationId: text().notNull(),
  backend: text({ enum: ["custom", "integration"] })
    .notNull()
    .default("custom"),
  privateKey: text().notNull(),
  fallbackUrl: text(),
  updatedAt: integer().notNull(),
  /** The site's identity provider (services/sites/site-identity-provider.ts), as JSON without its secret. */
  identityProvider: text(),
  /** The OIDC client secret, sealed (services/access/sealed-secrets.ts). */
  identityProviderSecret: text(),
});

/**
 * A visitor's sign-in to a site through its identity provider, in flight. Found by the SHA-256 of the `state`
 * (OIDC) or of the SAML relay state; bound to the browser that started it (the SHA-256 of the random value in its
 * short-lived cookie, from which the PKCE verifier is also derived); the nonce is kept as its SHA-256. Used once,
 * refused after `expiresAt` (10 min). A SAML sign-in hands its verified claims back through `handoffHash` (the
 * SHA-256 of a one-time code, 60 s).
 */
export const siteSignIns = sqliteTable(
  "site_sign_ins",
  {
    id: text().primaryKey(),
    siteId: text().notNull(),
    kind: text({ enum: ["oidc", "saml", "member"] }).notNull(),
    browserHash: text().notNull(),
    nonceHash: text(),
    redirectUri: text().notNull(),
    location: text().notNull(),
    createdAt: integer().notNull(),
    expiresAt: integer().notNull(),
    usedAt: integer(),
    handoffHash: text(),
    handoffClaims: text(),
    handoffExpiresAt: integer(),
  },
  (t) => [index("site_sign_ins_expiry").on(t.expiresAt), uniqueIndex("site_sign_ins_handoff").on(t.handoffHash)],
);
