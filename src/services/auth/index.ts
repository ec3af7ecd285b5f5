export { newSignInLink, SIGN_IN_LINK_TTL_MS, signInLinkUrl } from "./links";
export {
  type Browser,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  type PasskeyRow,
  registerPasskey,
  type RelyingParty,
  signInWithPasskey,
} from "./passkeys";
export {
  csrfTokenOf,
  endSession,
  isSessionSecret,
  listOwnSessions,
  type OpenedSession,
  planSession,
  revokeOwnSession,
  type SessionRow,
} from "./sessions";
