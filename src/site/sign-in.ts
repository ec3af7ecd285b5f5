import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { html } from "hono/html";
import { serialize } from "hono/utils/cookie";
import { createDb } from "../db/client";
import type { AppEnv } from "../http/app-env";
import { urlBases } from "../http/context";
import { htmlPage } from "../http/html";
import {
  completeSiteSignIn,
  SITE_SIGN_IN_TTL_MS,
  SsoRefusal,
  startMemberSignIn,
  startSiteSignIn,
} from "../services/sso";
import { isLocalHttp, refusalPage } from "../sso/page";
import { credentialCookie, visitorCookie } from "./visit";

/**
 * A visitor-auth site's sign-in through its identity provider (services/sso/site-sign-in.ts), under the site's
 * base on its own host: `~auth/start?location=/path` sends the browser to the provider (`&via=member`: to the API
 * origin, for members signed in through SSO), `~auth/callback` brings it back with the site's visitor cookie,
 * `~auth/sign-out` drops it.
 */
const signInCookie = (siteId: string) => `quire_site_sign_in_${siteId}`;

const ctxOf = (c: Context<AppEnv>) => ({ db: createDb(c.env.DB), env: c.env, now: Date.now(), urls: urlBases(c) });
const callbackUrl = (c: Context<AppEnv>, base: string) => `${new URL(c.req.url).origin}${base}/~auth/callback`;

/**
 * The cookie that binds a sign-in to the browser that started it: only sent to `~auth/`, HttpOnly, 10 minutes,
 * SameSite=Lax so that the provider's redirect back (a top-level GET from its site) carries it.
 */
function bindingCookie(c: Context<AppEnv>, siteId: string, base: string, value: string, maxAge: number) {
  return serialize(signInCookie(siteId), value, {
    path: `${base}/~auth`,
    httpOnly: true,
    secure: !isLocalHttp(c),
    sameSite: "Lax",
    maxAge,
  });
}

function refused(c: Context<AppEnv>, error: unknown) {
  if (error instanceof SsoRefusal) return refusalPage(c, error.reason, error.status);
  throw error;
}

export async function serveSignIn(c: Context<AppEnv>, siteId: string, base: string, rest: string) {
  c.header("Cache-Control", "no-store");
  try {
    if (rest === "/~auth/start") return await start(c, siteId, base);
    if (rest === "/~auth/callback") return await callback(c, siteId, base);
    if (rest === "/~auth/sign-out") return signOut(c, siteId, base);
  } catch (error) {
    return refused(c, error);
  }
  return c.text("Not found", 404);
}

/** To the site's identity provider, or (`via=member`) to the API origin, where a member's SSO session lives. */
async function start(c: Context<AppEnv>, siteId: string, base: string) {
  const input = { location: c.req.query("location"), redirectUri: callbackUrl(c, base) };
  const started =
    c.req.query("via") === "member"
      ? await startMemberSignIn(ctxOf(c), siteId, input)
      : await startSiteSignIn(ctxOf(c), siteId, input);
  c.header("Set-Cookie", bindingCookie(c, siteId, base, started.browserSecret, SITE_SIGN_IN_TTL_MS / 1000));
  return c.redirect(started.location, 302);
}

/**
 * The provider's redirect back. The visitor cookie is SameSite=Strict, which a browser withholds from every request
 * of a navigation that began on the provider's site, redirects included: so the way on is a page of this site
 * (a same-site navigation), not a redirect.
 */
async function callback(c: Context<AppEnv>, siteId: string, base: string) {
  const signedIn = await completeSiteSignIn(ctxOf(c), siteId, {
    code: c.req.query("code"),
    state: c.req.query("state"),
    error: c.req.query("error"),
    browserSecret: getCookie(c, signInCookie(siteId)),
    redirectUri: callbackUrl(c, base),
  });
  c.header("Set-Cookie", bindingCookie(c, siteId, base, "", 0), { append: true });
  c.header("Set-Cookie", credentialCookie(c, visitorCookie(siteId), signedIn.visitorToken, base), { append: true });
  const target = `${base}${signedIn.location}`;
  return htmlPage(
    c,
    "Signed in",
    html`<meta http-equiv="refresh" content="0;url=${target}">
<h1>Signed in</h1>
<p><a href="${target}">Continue to the site</a></p>`,
  );
}

function signOut(c: Context<AppEnv>, siteId: string, base: string) {
  c.header("Set-Cookie", `${credentialCookie(c, visitorCookie(siteId), "", base)}; Max-Age=0`);
  return htmlPage(c, "Signed out", html`<h1>Signed out</h1><p><a href="${base}/">Back to the site</a></p>`);
}
