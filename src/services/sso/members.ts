import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { organizationInvitations, organizationMembers, teamMembers, teams, users } from "../../db/schema";
import { newId } from "../../lib/ids";
import type { ActiveSamlProvider } from "./provider";

/** What a member's sign-in needs of its provider (a SAML provider, or the organization's OpenID one). */
export type MemberProvider = Pick<ActiveSamlProvider, "organizationId" | "defaultRole" | "defaultTeamId">;
import { SsoRefusal } from "./refusal";

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;
const EMAIL_ATTRIBUTES = [
  "email",
  "mail",
  "emailAddress",
  "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress",
  "urn:oid:0.9.2342.19200300.100.1.3",
];
const NAME_ATTRIBUTES = [
  "displayName",
  "name",
  "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name",
  "urn:oid:2.16.840.1.113730.3.1.241",
];

export const isEmail = (value: unknown): value is string => typeof value === "string" && EMAIL.test(value);

/** The signed-in person's email: the NameID when it is one, else an email attribute. Lower-cased. */
export function assertedEmail(nameId: string, attributes: Record<string, string[]>): string {
  const candidates = [nameId, ...EMAIL_ATTRIBUTES.flatMap((name) => attributes[name] ?? [])];
  const email = candidates.find((c) => EMAIL.test(c));
  if (!email) throw new SsoRefusal("the assertion names no email address (NameID or an email attribute)");
  return email.toLowerCase();
}

export function assertedName(attributes: Record<string, string[]>): string | undefined {
  for (const name of NAME_ATTRIBUTES) {
    const value = attributes[name]?.[0]?.trim();
    if (value) return value.slice(0, 200);
  }
  return undefined;
}

/**
 * Signs a person in as a member of the provider's organization, and of that organization only:
 * - an existing member: marked an SSO member (role kept); a disabled member is refused;
 * - a new email: a user is created just in time, a member with the provider's default role and team (pending
 *   invitations to other organizations are left pending: this IdP vouches for nobody elsewhere);
 * - an existing user who is not a member here (of other organizations or of none): refused. An IdP of organization
 *   A must not take over accounts it did not create (an admin of A can invite them; they then sign in as members).
 */
export async function signInMember(
  db: Db,
  provider: MemberProvider,
  identity: { email: string; displayName?: string },
  now: number,
): Promise<{ userId: string; role: string | null }> {
  const orgId = provider.organizationId;
  const [found] = await db
    .select({ user: users, membership: organizationMembers })
    .from(users)
    .leftJoin(
      organizationMembers,
      and(eq(organizationMembers.userId, users.id), eq(organizationMembers.organizationId, orgId)),
    )
    .where(eq(users.email, identity.email))
    .limit(1);
  if (found) {
    const { user, membership } = found;
    if (membership?.disabled) throw new SsoRefusal("this member is disabled in the organization");
    if (membership) {
      await db
        .update(organizationMembers)
        // Set once: every change of it moves the access generation (0056), and only the first one matters.
        .set(membership.ssoSignedInAt === null ? { sso: true, ssoSignedInAt: now } : { sso: true })
        .where(and(eq(organizationMembers.organizationId, orgId), eq(organizationMembers.userId, user.id)));
      return { userId: user.id, role: membership.role };
    }
    // An existing account is someone's whether or not they belong to an organization now: only its own admins
    // (an invitation) make it a member, never an IdP's say-so (that would hand the IdP a session, and a token,
    // for an account it does not own).
    throw new SsoRefusal("this account exists but is not a member of this organization: an admin must invite it first");
  }
  const id = newId();
  const [, [created]] = await db.batch([
    db
      .insert(users)
      .values({
        id,
        email: identity.email,
        displayName: identity.displayName || identity.email.split("@")[0],
        photoUrl: null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email }),
    db.select({ id: users.id }).from(users).where(eq(users.email, identity.email)).limit(1),
  ]);
  // A concurrent sign-in may have created it: only the row we inserted is joined here.
  if (created.id !== id) throw new SsoRefusal("sign-in raced another one; try again", 400);
  await join(db, provider, id, identity.email, now);
  return { userId: id, role: provider.defaultRole };
}

/** The membership (SSO, default role) and the default team when it still is one of the organization's. */
async function join(db: Db, provider: MemberProvider, userId: string, email: string, now: number) {
  const orgId = provider.organizationId;
  const [team] = provider.defaultTeamId
    ? await db
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.id, provider.defaultTeamId), eq(teams.organizationId, orgId)))
        .limit(1)
    : [];
  await db.batch([
    db
      .insert(organizationMembers)
      .values({
        organizationId: orgId,
        userId,
        role: provider.defaultRole,
        joinedAt: now,
        sso: true,
        ssoSignedInAt: now,
      })
      .onConflictDoNothing(),
    db
      .delete(organizationInvitations)
      .where(and(eq(organizationInvitations.organizationId, orgId), eq(organizationInvitations.email, email))),
    ...(team
      ? [
          db
            .insert(teamMembers)
            .values({ teamId: team.id, userId, organizationId: orgId, role: "member", addedAt: now })
            .onConflictDoNothing(),
        ]
      : []),
  ]);
}
