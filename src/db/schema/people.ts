import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Teams of an organization. Listed in creation order (title is mutable, so it is not a cursor key). */
export const teams = sqliteTable(
  "teams",
  {
    id: text().primaryKey(),
    organizationId: text().notNull(),
    title: text().notNull(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [index("teams_organization").on(t.organizationId, t.createdAt, t.id)],
);

/** Membership of an organization member in a team; `owner`s can manage the team. */
export const teamMembers = sqliteTable(
  "team_members",
  {
    teamId: text().notNull(),
    userId: text().notNull(),
    /** Denormalized from the team, so that a member's teams and removals need no join. */
    organizationId: text().notNull(),
    role: text({ enum: ["owner", "member"] })
      .notNull()
      .default("member"),
    addedAt: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index("team_members_member").on(t.organizationId, t.userId),
    index("team_members_team").on(t.teamId, t.addedAt, t.userId),
  ],
);

/**
 * Invitations by email to people who have no account yet. When a user with that email is created
 * (`findOrCreateUser`, bootstrap, later SSO), each invitation becomes a membership and is deleted.
 */
export const organizationInvitations = sqliteTable(
  "organization_invitations",
  {
    organizationId: text().notNull(),
    /** Lower-cased. */
    email: text().notNull(),
    /** Role given on joining; null is a guest. */
    role: text(),
    sso: integer({ mode: "boolean" }).notNull().default(false),
    invitedBy: text().notNull(),
    createdAt: integer().notNull(),
    /**
     * The SHA-256 of the invitation's one-time link (`/join/invitation#invitation=<secret>`, answered once to the
     * admin who invited): it lets that email's person create their account and join, until `linkExpiresAt`.
     */
    linkHash: text(),
    linkExpiresAt: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.email] }),
    index("organization_invitations_email").on(t.email),
    uniqueIndex("organization_invitations_link").on(t.linkHash),
  ],
);

/**
 * Invite links to an organization. The id is the secret part of the link (96 random bits). `expiresAt` and
 * `disabled` are Quire's additions (the reference's link has neither); deleting removes the row.
 */
export const inviteLinks = sqliteTable(
  "invite_links",
  {
    id: text().primaryKey(),
    organizationId: text().notNull(),
    /** Role given on joining; null is a guest. */
    role: text(),
    createdBy: text().notNull(),
    createdAt: integer().notNull(),
    expiresAt: integer(),
    disabled: integer({ mode: "boolean" }).notNull().default(false),
  },
  (t) => [index("invite_links_organization").on(t.organizationId, t.createdAt, t.id)],
);

/** SAML identity providers of an organization. Unset fields are stored as null (status `pending`). */
export const samlProviders = sqliteTable(
  "saml_providers",
  {
    id: text().primaryKey(),
    organizationId: text().notNull(),
    label: text().notNull(),
    entityId: text(),
    certificate: text(),
    ssoUrl: text(),
    defaultTeamId: text(),
    /** Role given to members created through this provider; null is a guest. */
    defaultRole: text(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [index("saml_providers_organization").on(t.organizationId, t.createdAt, t.id)],
);

/**
 * An organization's OpenID Connect provider for its members (one at most): sign-in through it is the same as
 * through a SAML provider (services/sso/member-oidc.ts). The client secret is sealed (services/access/
 * sealed-secrets.ts, under its own info) and never answered.
 */
export const memberOidcProviders = sqliteTable("member_oidc_providers", {
  organizationId: text().primaryKey(),
  label: text().notNull(),
  issuer: text().notNull(),
  clientId: text().notNull(),
  clientSecret: text().notNull(),
  /** Role given to members created through this provider; null is a guest. */
  defaultRole: text(),
  createdAt: integer().notNull(),
  updatedAt: integer().notNull(),
});
