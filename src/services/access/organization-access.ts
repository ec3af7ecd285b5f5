import { type Caller, memberRole } from "../core";
import type { Access } from "./permissions";
import { scopedOrganizationAccess } from "./scoped-access";

/**
 * The caller's access to an organization, as `authorize` takes it: a member's role (null for a guest), a scoped
 * token's allowed actions in the organization of its installation, undefined otherwise.
 */
export function organizationAccess(caller: Caller, organizationId: string): Access {
  if (caller.kind === "scoped") return scopedOrganizationAccess(caller, organizationId);
  return memberRole(caller, organizationId);
}
