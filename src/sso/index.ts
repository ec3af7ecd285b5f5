import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { limitAnonymousByAddress } from "../http/address-limit";
import type { AppEnv } from "../http/app-env";
import { oidcCallback, oidcStart } from "./member-oidc";
import { refusalPage } from "./page";
import { acs, metadata, start } from "./saml";
import { createToken, logout, sessionPage } from "./session";
import { MEMBER_HANDOFF_PATH } from "../services/sso";
import { siteMember } from "./site-member";

/**
 * Sign-in for people (not the /v1 API: no token). The SAML provider's `service` URLs (services/sso/endpoints.ts),
 * the members' OpenID start and callback (lib/member-oidc-urls.ts) and the signed-in page with its two forms.
 */
export const sso = new Hono<AppEnv>();

// Anonymous pages that write (a request row, a refusal row): counted per address like the other anonymous surfaces.
sso.use("/sso/*", limitAnonymousByAddress);

/** A SAML response is a few KiB; the forms are tiny. */
const MAX_FORM_BYTES = 512 * 1024;
sso.use("/sso/*", (c, next) =>
  c.req.method === "POST"
    ? bodyLimit({ maxSize: MAX_FORM_BYTES, onError: (c) => refusalPage(c, "the form is too large", 413) })(c, next)
    : next(),
);

sso.get("/sso/saml/:providerId/metadata", metadata);
sso.get("/sso/saml/:providerId/start", start);
sso.post("/sso/saml/:providerId/acs", acs);
sso.get("/sso/oidc/:organizationId/start", oidcStart);
sso.get("/sso/oidc/:organizationId/callback", oidcCallback);
sso.get("/sso/session", sessionPage);
sso.get(MEMBER_HANDOFF_PATH, siteMember);
sso.post("/sso/session/tokens", createToken);
sso.post("/sso/session/logout", logout);
