import { type Caller, memberRole } from "../core";
import type { Access } from "./permissions";
import { strongest } from "./roles";
import { scopedOrganizationAccess, scopedSiteAccess } from "./scoped-access";

/**
 * The caller's access to an organization, as `authorize` takes it: a member's role (null for a guest), a scoped
 * token's allowed actions in the organization of its installation, undefined otherwise.
 */
export function organizationAccess(caller: Caller, organizationId: string): Access {
  if (caller.kind === "scoped") return scopedOrganizationAccess(caller, organizationId);
  return memberRole(caller, organizationId);
}

/**
 * The caller's access to one site of an organization, for every site operation and the site's `permissions`:
 * their organization role raised by a grant on that site (their own or a team's; grants never lower a role and
 * reach nothing but that site); a scoped token's actions on the sites its installation selects.
 */
export function siteAccess(caller: Caller, organizationId: string, siteId: string): Access {
  if (caller.kind === "scoped") return scopedSiteAccess(caller, { id: siteId, organizationId });
  const role = memberRole(caller, organizationId);
  if (role === undefined || caller.kind !== "user") return role;
  return strongest(role, caller.grants?.sites.get(siteId));
}

/**
 * Whether a published site is open to the caller as a visitor: a public or unlisted one to anyone, any other to
 * a pass for it (a share key, a visitor JWT). A site API token's pass is exclusive: its own site and no other.
 * An unpublished site is open to no visitor (a preview link's pass is checked where previews are served).
 */
export function siteOpenToVisitor(caller: Caller, row: { id: string; published: boolean; visibility: string }) {
  if (!row.published) return false;
  const held = caller.visitor?.sites.has(row.id) === true;
  if (caller.visitor?.exclusive) return held;
  return row.visibility === "public" || row.visibility === "unlisted" || held;
}
