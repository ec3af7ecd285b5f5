// The access domain's public surface (permissions, roles, space access, visitor claims and the signing secret): what routes, jobs, http and presenters import.
// Files inside src/services import each other directly.
export { commentPermissions, isScoped, permissionsObject } from "./permissions";
export { organizationAccess } from "./organization-access";
export type { Access, ScopedAccess } from "./permissions";
export { ROLES } from "./roles";
export { consentedScopes, unacceptedScopes } from "./scoped-access";
export type { MemberRole } from "./roles";
export { signingSecret } from "./signing-secret";
export { toWireLevel } from "./space-access";
export {
  grantAccess,
  listEffectivePermissions,
  listTeamGrants,
  listUserGrants,
  revokeGrant,
  updateGrant,
} from "./grants";
export type { GrantTarget, TeamPermissionView, UserPermissionView } from "./grants";
export { resolveVisitorPass, verifyVisitorToken } from "./visitor-pass";
export type { VisitorCredentials, VisitorPass } from "./visitor-pass";
