// The people domain's public surface (users, tokens, organizations, members, teams, invites and SAML): what routes, jobs, http and presenters import.
// Other domains import this one only through this file, and only if they rank above it (README "Service domains").
export {
  acceptInvitationLinkStatements,
  createInviteLink,
  deleteInviteLink,
  getInviteLink,
  invitationOfLink,
  inviteUsers,
  isRedundant,
  joinNewUserWithInviteStatements,
  joinWithInvite,
  listInviteLinks,
  updateInviteLink,
  usableInviteLink,
} from "./invites";
export type { InvitationLink, InvitationRow, InviteLinkRow } from "./invites";
export {
  getMember,
  listMembers,
  pingOrganization,
  removeMember,
  setSSOMember,
  updateMemberRole,
  withSpaceCounts,
} from "./members";
export type { MemberView } from "./members";
export {
  getOrganization,
  getSubdomain,
  listOrganizationsForCaller,
  organizationsForEmailDomain,
  updateOrganization,
} from "./organizations";
export type { OrganizationRow } from "./organizations";
export {
  createSamlProvider,
  deleteSamlProvider,
  getSamlProvider,
  listSamlProviders,
  listSSOLogins,
  samlStatus,
  updateSamlProvider,
} from "./saml";
export type { SamlProviderView, SSOLogin } from "./saml";
export {
  deleteMemberOidcProvider,
  getMemberOidcProvider,
  MEMBER_OIDC_SCOPES,
  memberOidcProviderForSignIn,
  openMemberOidcSecret,
  setMemberOidcProvider,
} from "./member-oidc";
export type { MemberOidcProviderInput, MemberOidcProviderRow } from "./member-oidc";
export { addTeamMember, deleteTeamMember, listTeamsForMember, updateTeamMembers } from "./team-members";
export { createTeam, deleteTeam, getTeam, listTeamMembers, listTeams, teamAccess, updateTeam } from "./teams";
export type { TeamView } from "./teams";
export {
  authenticatedToken,
  authenticationRead,
  tokenUserIdSql,
  createOwnToken,
  listOwnTokens,
  revokeOwnToken,
  stampTokenUse,
  SESSION_IDLE_MS,
  tokenStampIsStale,
} from "./tokens";
export type { ApiTokenRow, AuthenticatedToken, AuthenticationRow, KnownTokenRow } from "./tokens";
export {
  emailIsTaken,
  getAuthenticatedUser,
  getVisibleUser,
  newUserStatements,
  normalizeEmail,
  updateOwnProfile,
} from "./users";
export type { UserRow } from "./users";
export { memberPage } from "./members";
export { createOrganizationAsCaller, joinOrganization } from "./organization-signup";
