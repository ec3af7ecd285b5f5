// The sso domain's public surface (SAML and OpenID Connect sign-in: SP metadata, AuthnRequests, the ACS, the
// members' OpenID start and callback, browser sessions): what src/sso (its HTTP surface) and presenters import.
// It ranks above every other domain (README "Service domains").
export { completeSamlSignIn } from "./acs";
export type { SignedIn } from "./acs";
export { spMetadata } from "./metadata";
export { SsoRefusal } from "./refusal";
export { createSessionToken, readSession, revokeSession, SESSION_TTL_MS } from "./sessions";
export type { SessionView } from "./sessions";
export { REQUEST_TTL_MS, startSamlSignIn } from "./start";
export { pruneSsoRecords } from "./retention";
export { completeSiteSignIn, startSiteSignIn } from "./site-sign-in";
export type { StartedSiteSignIn } from "./site-sign-in";
export { SITE_SIGN_IN_TTL_MS, siteLocation } from "./site-visitor";
export type { SignedInVisitor } from "./site-visitor";
export { handSamlToSite, SITE_RELAY_PREFIX } from "./site-saml";
export { handMemberToSite, MEMBER_HANDOFF_PATH, startMemberSignIn } from "./site-member";
export { completeMemberOidcSignIn, MEMBER_OIDC_TTL_MS, startMemberOidcSignIn } from "./member-oidc";
