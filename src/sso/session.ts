import type { Context } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import { html } from "hono/html";
import type { AppEnv } from "../http/app-env";
import { serviceContextWithoutCaller, ssoDb } from "./context";
import { createSessionToken, readSession, revokeSession, SsoRefusal } from "../services/sso";
import { crossSite, isLocalHttp, refusalPage, SESSION_COOKIE, ssoPage } from "./page";

const notSignedIn = (c: Context<AppEnv>) =>
  ssoPage(
    c,
    "Not signed in · Quire",
    html`<h1>Not signed in</h1><p>Sign in through your organization's identity provider.</p>`,
    401,
  );

/** GET /sso/session: who is signed in, the organization this sign-in is for, and a form to create an API token. */
export async function sessionPage(c: Context<AppEnv>) {
  const session = await readSession(ssoDb(c), getCookie(c, SESSION_COOKIE), Date.now());
  if (!session) return notSignedIn(c);
  return ssoPage(
    c,
    "Signed in · Quire",
    html`<h1>Signed in</h1>
<p>You are <strong>${session.displayName}</strong> (<code>${session.email}</code>).</p>
<h2>Organization</h2>
<ul><li>${session.organizationTitle} (<code>${session.organizationId}</code>), role: ${session.role ?? "guest"}</li></ul>
<h2>Quire's app</h2>
${
  session.memberElsewhere
    ? html`<p>Your account is also a member of other organizations, which this sign-in does not vouch for: <a href="/sign-in">sign in with your passkey</a> to use the app.</p>`
    : html`<p><a href="/o/${encodeURIComponent(session.organizationId)}">Open ${session.organizationTitle} in the app</a>.</p>`
}
<h2>API token</h2>
${
  session.memberElsewhere
    ? html`<p>Your account is also a member of other organizations, which this sign-in does not vouch for: create tokens with <code>POST /v1/user/tokens</code> and an existing token.</p>`
    : html`<form method="post" action="/sso/session/tokens">
<label>Label <input name="label" required maxlength="100" value="API token"></label>
<button type="submit">Create an API token</button>
</form>`
}
<form method="post" action="/sso/session/logout"><button type="submit">Sign out</button></form>`,
  );
}

/** POST /sso/session/tokens: a personal API token, shown once (as POST /v1/user/tokens answers it). */
export async function createToken(c: Context<AppEnv>) {
  if (crossSite(c)) return refusalPage(c, "this form must be sent from this site", 403);
  const session = await readSession(ssoDb(c), getCookie(c, SESSION_COOKIE), Date.now());
  if (!session) return notSignedIn(c);
  let label = "API token";
  try {
    const form = await c.req.parseBody();
    if (typeof form.label === "string" && form.label.trim()) label = form.label.trim().slice(0, 100);
  } catch {
    // An unreadable form keeps the default label.
  }
  try {
    const { row, secret } = await createSessionToken(serviceContextWithoutCaller(c), session, label);
    return ssoPage(
      c,
      "API token created · Quire",
      html`<h1>API token created</h1>
<p>Copy it now: it is shown once and never again.</p>
<p><code id="token">${secret}</code></p>
<p>Label: ${row.label}. Use it as <code>Authorization: Bearer …</code>.</p>
<p><a href="/sso/session">Back</a></p>`,
    );
  } catch (error) {
    if (error instanceof SsoRefusal) return refusalPage(c, error.reason, error.status);
    throw error;
  }
}

/** POST /sso/session/logout: the session ends server-side; the cookie is cleared. */
export async function logout(c: Context<AppEnv>) {
  if (crossSite(c)) return refusalPage(c, "this form must be sent from this site", 403);
  await revokeSession(ssoDb(c), getCookie(c, SESSION_COOKIE), Date.now());
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: !isLocalHttp(c) });
  return ssoPage(c, "Signed out · Quire", html`<h1>Signed out</h1>`);
}
