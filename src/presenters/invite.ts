import { iso } from "../lib/time";
import type { UrlBases } from "../services/core";
import { type InvitationLink, type InviteLinkRow, isRedundant } from "../services/people";
import type { Access, MemberRole } from "../services/access";
import type { InviteLinkToOrganization, InviteUsersToOrganizationResult } from "../wire/invite";

/** An invite link to an organization. `createdAt`, `expiresAt`, `disabled` and `urls` are Quire's additions. */
export function presentInviteLink(row: InviteLinkRow, access: Access, urls: UrlBases): InviteLinkToOrganization {
  const role = row.role as MemberRole;
  return {
    object: "invite" as const,
    id: row.id,
    role,
    redundant: isRedundant(access, role),
    createdAt: iso(row.createdAt),
    ...(row.expiresAt != null ? { expiresAt: iso(row.expiresAt) } : {}),
    disabled: row.disabled,
    urls: {
      location: `${urls.api}/v1/orgs/${row.organizationId}/link-invites/${row.id}`,
      join: `${urls.api}/v1/orgs/${row.organizationId}/invites/${row.id}`,
      // The page a person opens: signed in they join; signed out they create an account with a passkey.
      app: `${urls.app}/join/${row.organizationId}/${row.id}`,
    },
  };
}

/** inviteUsers' answer: each new email's one-time link as the app's page that opens it (in the fragment). */
export function presentInviteUsersResult(
  result: { users: string[]; invited: number; links: InvitationLink[] },
  urls: UrlBases,
): InviteUsersToOrganizationResult {
  return {
    users: result.users,
    invited: result.invited,
    links: result.links.map((link) => ({
      email: link.email,
      url: `${urls.app}/join/invitation#invitation=${link.secret}`,
      expiresAt: iso(link.expiresAt),
    })),
  };
}
