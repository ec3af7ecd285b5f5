import { type Context, Hono, type Next } from "hono";
import { route } from "../../app/paths";
import { html } from "hono/html";
import type { AppEnv } from "./app-env";
import { base62, randomBytes } from "../lib/ids";
import { pageCsp } from "./account-pages";
import { assetVersion } from "./reference";

/**
 * Quire's app (app/main.tsx): one page for every app URL — `/` for browsers and the paths `urls.app` points at
 * (`/o/…`, `/s/…`, `/integrations/…`, src/presenters) — whose script renders the view the URL names, talking to the public API with
 * the session cookie. The server reads no cookie and no resource here: what the person may see is the API's
 * answer, so this page is the same for everyone and says nothing about whether anything exists.
 */
export const appShell = new Hono<AppEnv>();

const SCRIPT = "/_quire/app/main.js";
const STYLESHEET = "/_quire/app/main.css";

/** A bundle's URL, versioned by its content hash so that browsers may keep it for good. */
async function versioned(c: Context<AppEnv>, path: string) {
  const version = await assetVersion(c, path);
  return version ? `${path}?v=${encodeURIComponent(version)}` : path;
}

export async function appShellPage(c: Context<AppEnv>) {
  const nonce = base62(randomBytes(16));
  const [script, stylesheet] = await Promise.all([versioned(c, SCRIPT), versioned(c, STYLESHEET)]);
  c.header("Content-Security-Policy", pageCsp(nonce));
  c.header("Cache-Control", "no-store");
  c.header("Vary", "Accept");
  return c.html(html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Quire</title>
<link rel="stylesheet" nonce="${nonce}" href="${stylesheet}">
<script type="module" nonce="${nonce}" src="${script}"></script>
</head>
<body>
<div id="app"><p class="loading" role="status">Loading Quire…</p></div>
<noscript><p>Quire's app needs JavaScript. Everything it shows is also in the API: <a href="/reference">reference</a>.</p></noscript>
</body>
</html>
`);
}

/** The paths the app renders (app/paths.ts, which its router reads too); any other is the API's 404. */
async function appPath(c: Context<AppEnv>, next: Next) {
  return route(c.req.path) ? appShellPage(c) : next();
}
appShell.get("/o/*", appPath);
appShell.get("/s/*", appPath);
appShell.get("/integrations/*", appPath);
