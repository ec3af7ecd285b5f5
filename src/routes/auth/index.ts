import { createRouter } from "../../http/router";
import * as listSessions from "./list-sessions";
import * as passkeyAuthenticationOptions from "./passkey-authentication-options";
import * as passkeyRegistrationOptions from "./passkey-registration-options";
import * as registerPasskey from "./register-passkey";
import * as revokeSession from "./revoke-session";
import * as signInWithPasskey from "./sign-in-with-passkey";
import * as signOut from "./sign-out";

export default createRouter()
  .openapi(passkeyRegistrationOptions.route, passkeyRegistrationOptions.handler)
  .openapi(registerPasskey.route, registerPasskey.handler)
  .openapi(passkeyAuthenticationOptions.route, passkeyAuthenticationOptions.handler)
  .openapi(signInWithPasskey.route, signInWithPasskey.handler)
  .openapi(signOut.route, signOut.handler)
  .openapi(listSessions.route, listSessions.handler)
  .openapi(revokeSession.route, revokeSession.handler);
