import type { Context } from "hono";
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { AppEnv } from "../http/app-env";
import { htmlPage } from "../http/html";
import { SsoRefusal } from "../services/sso";

/** src/http/html.ts's page, never cached, whose forms post back to this origin (sign-out, tokens). */
export function ssoPage(
  c: Context<AppEnv>,
  title: string,
  body: HtmlEscapedString | Promise<HtmlEscapedString>,
  status: 200 | 400 | 401 | 403 | 404 | 413 = 200,
) {
  c.header("Cache-Control", "no-store");
  return htmlPage(c, title, body, { status, forms: true });
}

/** A refused sign-in: a plain page saying why (the reason is recorded too), never a 500. */
export function refusalPage(c: Context<AppEnv>, reason: string, status: 400 | 403 | 404 | 413) {
  return ssoPage(
    c,
    "Sign-in refused · Quire",
    html`<h1>Sign-in refused</h1>
<p>${reason}.</p>
<p>Ask your organization's admin to check the identity provider's settings.</p>`,
    status,
  );
}

/** A sign-in step's error: its refusal page, or rethrown when it is no refusal. */
export function refused(c: Context<AppEnv>, error: unknown) {
  if (error instanceof SsoRefusal) return refusalPage(c, error.reason, error.status);
  throw error;
}

/** Cookies are Secure everywhere but on plain-HTTP localhost (a developer's machine). */
export function isLocalHttp(c: Context<AppEnv>) {
  const url = new URL(c.req.url);
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

export { SSO_SESSION_COOKIE as SESSION_COOKIE } from "../http/session-cookie";
export const REQUEST_COOKIE = "quire_saml_request";

/**
 * Forms that change something (token, sign-out) are refused when a browser says they come from another site:
 * the session cookie is SameSite=Lax already, this is the second lock. Sec-Fetch-Site, when sent, decides alone:
 * a browser may send `Origin: null` for a same-origin form (under `Referrer-Policy: no-referrer`). Without it (an
 * older browser), the Origin must be this one (app.ts gives these pages `Referrer-Policy: same-origin` for that).
 */
export function crossSite(c: Context<AppEnv>) {
  const site = c.req.header("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = c.req.header("origin");
  return origin !== undefined && origin !== new URL(c.req.url).origin;
}
