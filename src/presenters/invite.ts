import { iso } from "../lib/time";
import type { UrlBases } from "../services/core";
import { type InviteLinkRow, isRedundant } from "../services/people";
import type { Access, MemberRole } from "../services/access";
import type { InviteLinkToOrganization } from "../wire/invite";

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
    },
  };
}
