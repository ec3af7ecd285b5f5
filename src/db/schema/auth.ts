import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * People's passkeys (WebAuthn credentials). `id` is the credential id (base64url) the authenticator chose;
 * the public key is COSE bytes as base64url; `counter` is the signature counter (0 for authenticators that
 * keep none, such as synced passkeys).
 */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: text().primaryKey(),
    userId: text().notNull(),
    publicKey: text().notNull(),
    counter: integer().notNull(),
    /** JSON array of AuthenticatorTransport, as the browser reported them. */
    transports: text(),
    deviceType: text({ enum: ["singleDevice", "multiDevice"] }).notNull(),
    backedUp: integer({ mode: "boolean" }).notNull(),
    label: text().notNull(),
    createdAt: integer().notNull(),
    lastUsedAt: integer(),
  },
  (t) => [index("passkeys_user").on(t.userId, t.createdAt)],
);

/**
 * One-time sign-in links (`/sign-in#link=<secret>`, printed by `npm run bootstrap`): only the SHA-256 of the
 * secret is stored; a link registers one passkey for its user and is used up by it.
 */
export const signInLinks = sqliteTable("sign_in_links", {
  tokenHash: text().primaryKey(),
  userId: text().notNull(),
  createdAt: integer().notNull(),
  expiresAt: integer().notNull(),
  usedAt: integer(),
});

/**
 * WebAuthn challenges Quire issued, each for one ceremony in one browser: `browserHash` is the SHA-256 of a
 * random HttpOnly cookie set with the options, so a challenge cannot be replayed from another browser; used once.
 */
export const webauthnChallenges = sqliteTable(
  "webauthn_challenges",
  {
    challenge: text().primaryKey(),
    purpose: text({ enum: ["registration", "authentication"] }).notNull(),
    browserHash: text().notNull(),
    /** Registration: the user the passkey is for (from the link or the session). */
    userId: text(),
    /** Registration through a link: the link's hash, used up with the registration. */
    linkHash: text(),
    /**
     * Registration of a new account through an invite link: the link (organization and id) and the person's
     * details the options were issued for. The registration takes them from here, never from its own body.
     */
    organizationId: text(),
    inviteId: text(),
    email: text(),
    displayName: text(),
    /** Registration of a new account through an email invitation's link: the link's hash, used up with it. */
    invitationHash: text(),
    createdAt: integer().notNull(),
    expiresAt: integer().notNull(),
    usedAt: integer(),
  },
  (t) => [index("webauthn_challenges_expiry").on(t.expiresAt)],
);
