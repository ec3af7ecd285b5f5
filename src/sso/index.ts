import { Hono } from "hono";
import type { AppEnv } from "../http/app-env";
import { acs, metadata, start } from "./saml";
import { createToken, logout, sessionPage } from "./session";

/**
 * Sign-in for people (not the /v1 API: no token). The SAML provider's `service` URLs (services/sso/endpoints.ts)
 * and the signed-in page with its two forms.
 */
export const sso = new Hono<AppEnv>();

sso.get("/sso/saml/:providerId/metadata", metadata);
sso.get("/sso/saml/:providerId/start", start);
sso.post("/sso/saml/:providerId/acs", acs);
sso.get("/sso/session", sessionPage);
sso.post("/sso/session/tokens", createToken);
sso.post("/sso/session/logout", logout);
