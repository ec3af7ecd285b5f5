// The sso domain's public surface (SAML sign-in: SP metadata, AuthnRequests, the ACS, browser sessions): what
// src/sso (its HTTP surface) and presenters import. It ranks above every other domain (README "Service domains").
export { completeSamlSignIn } from "./acs";
export type { SignedIn } from "./acs";
export { spMetadata } from "./metadata";
export { SsoRefusal } from "./refusal";
export { createSession, createSessionToken, readSession, revokeSession, SESSION_TTL_MS } from "./sessions";
export type { SessionView } from "./sessions";
export { REQUEST_TTL_MS, startSamlSignIn } from "./start";
export { pruneSsoRecords } from "./retention";
export { completeSiteSignIn, SITE_SIGN_IN_TTL_MS, siteLocation, startSiteSignIn } from "./site-sign-in";
export type { SignedInVisitor, StartedSiteSignIn } from "./site-sign-in";
export { handSamlToSite, SITE_RELAY_PREFIX } from "./site-saml";
