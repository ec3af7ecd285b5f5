import { type Context, Hono } from "hono";
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { sameOriginPath } from "../../app/next";
import { route as appRoute } from "../../app/paths";
import { createDb } from "../db/client";
import type { AppEnv } from "./app-env";
import { base62, randomBytes } from "../lib/ids";
import { ApiError } from "../lib/errors";
import { memberOidcPaths } from "../lib/member-oidc-urls";
import { listSSOLogins, type SSOLogin } from "../services/people";
import { limitByAddress } from "./address-limit";
import { urlBases } from "./context";
import { assetVersion } from "./reference";

/**
 * The people-facing pages of passkey sign-in: GET /sign-in, GET /account and an invite link's GET /join/….
 * Each is a small static page; its script (app/*.ts, bundled into the quire-static Worker's files by
 * scripts/build-assets.mjs) talks to /v1/auth/*, /v1/user* and /v1/orgs/{id}/invites/{id}. The server reads
 * no cookie here: whether someone is signed in is the API's answer.
 */
export const accountPages = new Hono<AppEnv>();

/** Only this page's own script and style (by nonce) run, and they talk to this origin only. */
export function pageCsp(nonce: string) {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Light and dark by the reader's setting; a focus ring that is always visible (WCAG 2.4.7, 2.4.13). */
const STYLE = `:root{color-scheme:light dark;--fg:#1f2328;--bg:#fff;--muted:#59636e;--line:#d1d9e0;--accent:#0550ae;--accent-fg:#fff;--danger:#a40e26;--danger-bg:#ffebe9;--ok:#116329}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#9198a1;--line:#3d444d;--accent:#4493f8;--accent-fg:#0d1117;--danger:#ff9492;--danger-bg:#2d1214;--ok:#56d364}}
body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:var(--fg);background:var(--bg)}
h1{font-size:1.75rem;margin:0 0 1rem}h2{font-size:1.25rem;margin:2rem 0 .5rem}
p,label{color:inherit}.hint{color:var(--muted)}code{font-size:.9em;overflow-wrap:anywhere}
button{font:inherit;padding:.5rem 1rem;border-radius:6px;border:1px solid var(--accent);background:var(--accent);color:var(--accent-fg);cursor:pointer}
button.secondary,.rows button{background:transparent;color:var(--accent)}
button:disabled{opacity:.6;cursor:progress}
input{font:inherit;padding:.4rem .5rem;border:1px solid var(--muted);border-radius:6px;background:var(--bg);color:var(--fg);width:100%;max-width:20rem;box-sizing:border-box}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.field{display:flex;flex-direction:column;gap:.25rem;margin-bottom:.75rem}
.rows{list-style:none;padding:0;margin:0}.rows li{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:.75rem 0;border-top:1px solid var(--line)}
.badge{color:var(--ok);font-weight:600}
.alert:not(:empty){margin:1rem 0;padding:.75rem 1rem;border-radius:6px;border:1px solid var(--danger);background:var(--danger-bg);color:var(--danger)}
[role=status]:not(:empty){margin:1rem 0;color:var(--ok)}`;

/** A page that runs `/_quire/app/{script}.js`, versioned by its content hash so browsers may keep it for good. */
async function appPage(
  c: Context<AppEnv>,
  title: string,
  script: string,
  body: HtmlEscapedString | Promise<HtmlEscapedString>,
) {
  const nonce = base62(randomBytes(16));
  const path = `/_quire/app/${script}.js`;
  const version = await assetVersion(c, path);
  c.header("Content-Security-Policy", pageCsp(nonce));
  // It says who is signed in once its script runs; the page itself is the same for all, but never worth keeping.
  c.header("Cache-Control", "no-store");
  return c.html(html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style nonce="${nonce}">${STYLE}</style>
<script type="module" nonce="${nonce}" src="${version ? `${path}?v=${encodeURIComponent(version)}` : path}"></script>
</head>
<body>
<main>
${body}
<noscript><p class="alert">This page needs JavaScript to use passkeys.</p></noscript>
</main>
</body>
</html>
`);
}

/**
 * The organization a sign-in is for: `?org=`, else the one `next` names (`/o/{org}/…`, where the app sends a
 * signed-out person). Only an id-shaped value is looked up.
 */
function signInOrganization(c: Context<AppEnv>, next: string | undefined): string | undefined {
  const path = next ? new URL(next, "https://app.invalid").pathname : undefined;
  // An app path names it (/o/{org}/…), and so does an invite link's page (/join/{org}/{invite}): a person invited
  // to an organization with SSO signs in through it there, comes back and joins with the link's role.
  const named =
    c.req.query("org") ??
    (path ? (appRoute(path)?.params.org ?? /^\/join\/([^/]+)\/[^/]+$/.exec(path)?.[1]) : undefined);
  return named && /^[\w-]{1,64}$/.test(named) ? named : undefined;
}

/**
 * The organization's SAML providers and its members' OpenID provider, as its public GET /v1/orgs/{id}/sso lists
 * them; none for an organization that does not exist (which that operation tells anyone anyway). The links are
 * relative, so that the sessions a sign-in opens are this origin's, and carry `next` on (the start and the ACS or
 * callback check it again).
 */
async function ssoLinks(c: Context<AppEnv>) {
  const next = sameOriginPath(c.req.query("next"), new URL(c.req.url).origin);
  const organizationId = signInOrganization(c, next);
  if (!organizationId) return [];
  // An anonymous page that reads the database: counted per address like the other anonymous surfaces.
  await limitByAddress(c.env, c.req.header("cf-connecting-ip"));
  let providers: SSOLogin[];
  try {
    const ctx = { db: createDb(c.env.DB), env: c.env, urls: urlBases(c), now: Date.now() };
    providers = await listSSOLogins({ ...ctx, caller: { kind: "anonymous" } }, organizationId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
  const query = next ? `?${new URLSearchParams({ next })}` : "";
  const start = (p: SSOLogin) =>
    p.kind === "oidc" ? memberOidcPaths(organizationId).start : `/sso/saml/${encodeURIComponent(p.id)}/start`;
  return providers.map((p) => ({ label: p.label, href: `${start(p)}${query}` }));
}

accountPages.get("/sign-in", async (c) => {
  const sso = await ssoLinks(c);
  return appPage(
    c,
    "Sign in · Quire",
    "sign-in",
    html`<h1 id="sign-in-title">Sign in to Quire</h1>
<p id="sign-in-intro">Use the passkey you created for your Quire account, on this device or on your phone.</p>
<button type="button" id="sign-in-button" hidden>Sign in with a passkey</button>
<div id="sign-in-error" class="alert" role="alert"></div>
${
  sso.length
    ? html`<section id="sign-in-sso" aria-labelledby="sign-in-sso-title">
<h2 id="sign-in-sso-title">Sign in with your organization's SSO</h2>
<p class="hint">Through your organization's identity provider. If your account belongs to other organizations too, use your passkey to open the app.</p>
<ul class="rows">${sso.map((p) => html`<li><a href="${p.href}">Sign in with ${p.label}</a></li>`)}</ul>
</section>`
    : ""
}`,
  );
});

accountPages.get("/account", (c) =>
  appPage(
    c,
    "Your account · Quire",
    "account",
    html`<p><a href="/">← Back to Quire</a></p>
<h1>Your account</h1>
<div id="account-error" class="alert" role="alert"></div>
<div id="account" hidden>
<p id="who"></p>
<section aria-labelledby="passkeys-title">
<h2 id="passkeys-title">Passkeys</h2>
<p class="hint">Add a passkey on another device or password manager, so that you can still sign in if you lose this one.</p>
<form id="passkey-form">
<div class="field"><label for="passkey-label">Name for the new passkey (optional)</label>
<input id="passkey-label" name="label" maxlength="100" autocomplete="off"></div>
<button type="submit" id="add-passkey">Add a passkey</button>
</form>
<div id="passkey-error" class="alert" role="alert"></div>
<div id="passkey-status" role="status"></div>
</section>
<section aria-labelledby="sessions-title">
<h2 id="sessions-title">Sessions</h2>
<p class="hint">Browsers signed in to your account. Revoke one you do not recognise.</p>
<ul id="sessions" class="rows"><li>Loading…</li></ul>
<div id="sessions-error" class="alert" role="alert"></div>
</section>
<section aria-labelledby="tokens-title">
<h2 id="tokens-title">API tokens</h2>
<p class="hint">Personal tokens that act as you through the API. Revoke those you no longer use.</p>
<ul id="tokens" class="rows"><li>Loading…</li></ul>
<div id="tokens-error" class="alert" role="alert"></div>
</section>
<section aria-labelledby="sign-out-title">
<h2 id="sign-out-title">Sign out</h2>
<button type="button" id="sign-out" class="secondary">Sign out</button>
<div id="sign-out-error" class="alert" role="alert"></div>
</section>
</div>`,
  ),
);

/**
 * An invite link's page (the invite's `urls.app`) and an email invitation's (`/join/invitation#invitation=…`,
 * from inviteUsersToOrganization's `links`): the script reads the ids from the path, the secret from the fragment.
 */
const joinPage = (c: Context<AppEnv>) =>
  appPage(
    c,
    "Join an organization · Quire",
    "join",
    html`<h1>Join an organization on Quire</h1>
<p>You have been invited to join an organization on Quire.</p>
<div id="join-member" hidden>
<p id="join-who"></p>
<button type="button" id="join-button">Join</button>
</div>
<form id="join-form" hidden>
<p class="hint">Create your Quire account with a passkey: your device will ask you to confirm.</p>
<div class="field"><label for="join-name">Your name</label>
<input id="join-name" name="displayName" maxlength="64" autocomplete="name" required></div>
<div class="field" id="join-email-field"><label for="join-email">Email</label>
<input id="join-email" name="email" type="email" maxlength="320" autocomplete="email" required></div>
<button type="submit" id="join-create">Create a passkey and join</button>
<p class="hint" id="join-existing">Already have an account, or does your organization sign in through its identity provider (SSO)? <a id="join-sign-in" href="/sign-in">Sign in</a>, and you come back here to join.</p>
</form>
<div id="join-error" class="alert" role="alert"></div>`,
  );

accountPages.get("/join/invitation", joinPage);
accountPages.get("/join/:organizationId/:inviteId", joinPage);
