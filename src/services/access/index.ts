// The access domain's public surface (permissions, roles, space access, visitor claims and the signing secret): what routes, jobs, http and presenters import.
// Other domains import this one only through this file, and only if they rank above it (README "Service domains").
export { commentPermissions, isScoped, permissionsObject } from "./permissions";
export { organizationAccess, siteAccess, siteOpenToVisitor } from "./organization-access";
export type { Access, ScopedAccess } from "./permissions";
export { ROLES } from "./roles";
export { consentedScopes, unacceptedScopes } from "./scoped-access";
export type { MemberRole } from "./roles";
export { signingSecret } from "./signing-secret";
export { openSealed, sealSecret } from "./sealed-secrets";
export { mintPreviewToken, PREVIEW_LIFETIME_MS, verifyPreviewToken } from "./site-preview";
export { toWireLevel } from "./space-access";
export {
  effectivePermissions,
  grantAccess,
  listEffectivePermissions,
  listTeamGrants,
  listUserGrants,
  revokeGrant,
  updateGrant,
} from "./grants";
export type { GrantKind, GrantTarget, TeamPermissionView, UserPermissionView } from "./grants";
export { resolveVisitorPass, verifyVisitorToken } from "./visitor-pass";
export { looksLikeSiteToken, mintSiteToken, siteTokenPass, verifySiteToken } from "./site-tokens";
export type { SiteTokenClaims, SiteTokenInput } from "./site-tokens";
export type { VisitorCredentials, VisitorPass } from "./visitor-pass";
export { callerGrantsOf, memberGrantsQuery, userGrantsCondition } from "./grants";
export { authorize, authorizeComment, can } from "./permissions";
export type {
  ChainLink,
  CollectionRow,
  CollectionWithAccess,
  DefaultLevel,
  OrganizationTree,
  SpaceRow,
  SpaceWithAccess,
} from "./space-access";
export {
  collectionAccess,
  contentRole,
  loadCollection,
  organizationTree,
  organizationTreeRows,
  readsAsVisitor,
  spaceAccess,
  toStoredLevel,
  treeFromRows,
} from "./space-access";
export type { Action } from "./permissions";
export { chainKnown, loadSpace, spaceRead, spaceReadColumns, withSpaceAccess } from "./space-read";
export { roleRank, strongest } from "./roles";
export type { Role } from "./roles";
export { signVisitorClaims } from "./visitor-claims";
export type { ScopedCaller } from "./scoped-access";
export { accessGenerationSql } from "./access-memo";
export { adaptiveVisibilityOf } from "./adaptive-visibility";
export { checkCondition, claimPath, evaluateCondition, parseCondition } from "./conditions";
export type { ConditionNode } from "./conditions";
export { scopedSiteAccess } from "./scoped-access";
