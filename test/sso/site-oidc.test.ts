import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { ssoRefusals } from "../../src/db/schema";
import type { AppEnv } from "../../src/http/app-env";
import { serveSite } from "../../src/site/router";
import { describe, expect, it } from "vitest";
import { adaptiveSite } from "../helpers/adaptive";
import { verifyCustomHost } from "../helpers/sites";
import { api, client, ORIGIN, workerFetch } from "../helpers/http";
import { db, seedOrganization } from "../helpers/seed";

/*
 * Issue 32 part 3: a visitor-auth site behind an OpenID provider. Real protocol messages against the fixture
 * provider (test/fixture-server/oidc-provider.ts): discovery, authorization with PKCE, the token exchange, the ID
 * token verified against the provider's JWKS, and each way it can go wrong refused with a plain page.
 */

const ISSUER = `${env.FIXTURE_ORIGIN}/oidc`;
const SECRET = "fixture-client-secret-0123456789";
let clients = 0;

/** A client registered at the fixture provider for this site's callback. */
async function registerClient(siteId: string) {
  const clientId = `quire-${++clients}-${crypto.randomUUID().slice(0, 8)}`;
  await fetch(`${ISSUER}/clients`, {
    method: "POST",
    body: JSON.stringify({
      client_id: clientId,
      client_secret: SECRET,
      redirect_uris: [`${ORIGIN}/~site/${siteId}/~auth/callback`],
    }),
  });
  return clientId;
}

/** The adaptive site (test/helpers/adaptive.ts) behind the fixture provider, `plan` mapped from the ID token. */
async function oidcSite() {
  const s = await adaptiveSite();
  const clientId = await registerClient(s.site.id);
  const res = await api("PATCH", `/orgs/${s.organization.id}/sites/${s.site.id}/publishing/auth`, {
    token: s.owner.token,
    body: {
      backend: "custom",
      identityProvider: { type: "oidc", issuer: ISSUER, clientId, clientSecret: SECRET, claims: { plan: "plan" } },
    },
  });
  expect(res.status, res.text).toBe(200);
  return { ...s, clientId, configured: res };
}

const siteUrl = (siteId: string, path = "/") => `${ORIGIN}/~site/${siteId}${path}`;
const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;
const get = (url: string, cookie?: string) =>
  workerFetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });

/** The site's start: where the browser goes (the provider's authorization URL) and the sign-in cookie. */
async function start(siteId: string, location = "/llms.txt") {
  const res = await get(siteUrl(siteId, `/~auth/start?location=${encodeURIComponent(location)}`));
  expect(res.status, await res.clone().text()).toBe(302);
  return { authorize: new URL(res.headers.get("location")!), cookie: cookiePair(res.headers.getSetCookie()[0]!) };
}

/** The provider signs the visitor in at once (`login`), and answers the redirect back to the site. */
async function authorize(authorizeUrl: URL, login: Record<string, unknown>) {
  const url = new URL(authorizeUrl);
  url.searchParams.set("login", JSON.stringify(login));
  const res = await fetch(url, { redirect: "manual" });
  expect(res.status, await res.clone().text()).toBe(302);
  return new URL(res.headers.get("location")!);
}

/** start → provider → callback; the callback's response. */
async function signIn(siteId: string, login: Record<string, unknown>, location = "/llms.txt") {
  const started = await start(siteId, location);
  const back = await authorize(started.authorize, login);
  const callback = await get(back.toString(), started.cookie);
  return { started, back, callback };
}

describe("a visitor-auth site behind an OpenID provider", () => {
  it("configures the provider without ever answering its secret, and says what to register", async () => {
    const s = await oidcSite();
    expect(s.configured.json.backend).toBe("custom");
    expect(s.configured.json.identityProvider).toEqual({
      type: "oidc",
      issuer: ISSUER,
      clientId: s.clientId,
      clientSecretSet: true,
      scopes: ["openid", "email", "profile"],
      claims: { plan: "plan" },
    });
    expect(s.configured.json.redirectURL).toBe(`${ORIGIN}/~site/${s.site.id}/~auth/callback`);
    expect(s.configured.text).not.toContain(SECRET);
    const read = await api("GET", `/orgs/${s.organization.id}/sites/${s.site.id}/publishing/auth`, {
      token: s.owner.token,
    });
    expect(read.text).not.toContain(SECRET);
    expect(read.json.identityProvider.clientSecretSet).toBe(true);
    // The official client still reads it.
    const { data } = await client(s.owner.token).orgs.getSitePublishingAuthById(s.organization.id, s.site.id);
    expect(data.backend).toBe("custom");
    // Changing the scopes keeps the stored secret; null removes the provider.
    const kept = await api("PATCH", `/orgs/${s.organization.id}/sites/${s.site.id}/publishing/auth`, {
      token: s.owner.token,
      body: {
        backend: "custom",
        identityProvider: { type: "oidc", issuer: ISSUER, clientId: s.clientId, scopes: ["openid"] },
      },
    });
    expect(kept.json.identityProvider.clientSecretSet).toBe(true);
    const removed = await api("PATCH", `/orgs/${s.organization.id}/sites/${s.site.id}/publishing/auth`, {
      token: s.owner.token,
      body: { backend: "custom", identityProvider: null },
    });
    expect(removed.json.identityProvider).toBeUndefined();
    expect((await get(siteUrl(s.site.id))).status).toBe(401);
  });

  it("refuses bad settings with the contract's 400, and another organization's SAML provider", async () => {
    const s = await adaptiveSite();
    const other = await seedOrganization("Other");
    const { data: foreign } = await client(other.owner.token).orgs.createOrganizationSamlProvider(
      other.organization.id,
      {
        label: "Theirs",
      } as never,
    );
    const patch = (identityProvider: unknown) =>
      api("PATCH", `/orgs/${s.organization.id}/sites/${s.site.id}/publishing/auth`, {
        token: s.owner.token,
        body: { backend: "custom", identityProvider },
      });
    const bad = [
      { type: "oidc", issuer: "http://idp.example.com", clientId: "a", clientSecret: "b" },
      { type: "oidc", issuer: "https://idp.example.com?x=1", clientId: "a", clientSecret: "b" },
      { type: "oidc", issuer: "https://idp.example.com", clientId: "a", clientSecret: "x".repeat(1025) },
      { type: "oidc", issuer: "https://idp.example.com", clientId: "a" },
      { type: "oidc", issuer: "https://idp.example.com", clientId: "a", clientSecret: "b", scopes: ["email"] },
      { type: "oidc", issuer: "https://idp.example.com", clientId: "a", clientSecret: "b", claims: { "a b": "x" } },
      { type: "saml", provider: foreign.id },
      { type: "saml", provider: "nope" },
      { type: "ldap" },
    ];
    for (const body of bad) {
      const res = await patch(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe(400);
      expect(res.text).not.toContain("Theirs");
    }
    const { data: own } = await client(s.owner.token).orgs.createOrganizationSamlProvider(s.organization.id, {
      label: "Ours",
    } as never);
    const saml = await patch({ type: "saml", provider: own.id });
    expect(saml.status).toBe(200);
    expect(saml.json.identityProvider).toEqual({ type: "saml", provider: own.id });
    // Without a token: 401.
    const anonymous = await api("PATCH", `/orgs/${s.organization.id}/sites/${s.site.id}/publishing/auth`, {
      body: { backend: "custom", identityProvider: null },
    });
    expect(anonymous.status).toBe(401);
  });

  it("signs a visitor in: start → provider → callback → the site's cookie; the provider's claims drive adaptive content", async () => {
    const s = await oidcSite();
    // A visitor without a credential is sent to sign in, coming back where they were.
    const first = await get(siteUrl(s.site.id, "/llms.txt?x=1"));
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(
      `/~site/${s.site.id}/~auth/start?location=${encodeURIComponent("/llms.txt?x=1")}`,
    );

    const { started, back, callback } = await signIn(s.site.id, { claims: { email: "ada@example.com", plan: "pro" } });
    // The authorization request: code flow, PKCE S256, state and nonce, the registered redirect URI.
    const q = started.authorize.searchParams;
    expect(started.authorize.origin + started.authorize.pathname).toBe(`${ISSUER}/authorize`);
    expect(q.get("response_type")).toBe("code");
    expect(q.get("client_id")).toBe(s.clientId);
    expect(q.get("redirect_uri")).toBe(`${ORIGIN}/~site/${s.site.id}/~auth/callback`);
    expect(q.get("scope")).toBe("openid email profile");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("state")?.length).toBeGreaterThanOrEqual(43);
    expect(q.get("nonce")?.length).toBeGreaterThanOrEqual(43);
    expect(started.cookie).toMatch(new RegExp(`^quire_site_sign_in_${s.site.id}=`));
    expect(back.searchParams.get("code")).toBeTruthy();

    expect(callback.status).toBe(200);
    const page = await callback.text();
    expect(page).toContain(`/~site/${s.site.id}/llms.txt`);
    expect(page).not.toContain(SECRET);
    const visitor = callback.headers.getSetCookie().find((c) => c.startsWith(`quire_visitor_${s.site.id}=`))!;
    expect(visitor).toMatch(/HttpOnly/i);
    expect(visitor).toMatch(/SameSite=Strict/i);
    const llms = await (await get(siteUrl(s.site.id, "/llms.txt"), cookiePair(visitor))).text();
    expect(llms).toContain("Wombat care");
    expect(llms).toContain("Pro tips");
    expect(llms).not.toContain("Beta features");

    // Another visitor, on the free plan, does not see the pro variant.
    const free = await signIn(s.site.id, { claims: { email: "bob@example.com", plan: "free" } });
    const freeCookie = cookiePair(free.callback.headers.getSetCookie().find((c) => c.startsWith("quire_visitor_"))!);
    const freeLlms = await (await get(siteUrl(s.site.id, "/llms.txt"), freeCookie)).text();
    expect(freeLlms).toContain("Wombat care");
    expect(freeLlms).not.toContain("Pro tips");
  });

  const refusals: [string, Record<string, unknown>][] = [
    ["wrong nonce", { claims: {}, idToken: { nonce: "not-the-nonce" } }],
    ["no nonce", { claims: {}, idToken: { nonce: null } }],
    ["wrong audience", { claims: {}, idToken: { aud: "another-client" } }],
    ["wrong issuer", { claims: {}, idToken: { iss: "http://127.0.0.1:1/oidc" } }],
    ["expired ID token", { claims: {}, idToken: { exp: -600 } }],
    ["signed by another key", { claims: {}, idToken: { key: "other" } }],
    ["alg none", { claims: {}, idToken: { alg: "none" } }],
  ];
  for (const [what, login] of refusals) {
    it(`refuses an ID token: ${what}`, async () => {
      const s = await oidcSite();
      const { callback } = await signIn(s.site.id, login);
      expect(callback.status).toBe(403);
      expect(await callback.text()).toContain("Sign-in refused");
      expect(callback.headers.getSetCookie().join()).not.toContain("quire_visitor_");
      // Recorded with why, for the site's organization.
      const rows = await db
        .select()
        .from(ssoRefusals)
        .where(eq(ssoRefusals.providerId, `site:${s.site.id}`));
      expect(rows.map((r) => r.organizationId)).toEqual([s.organization.id]);
      expect(rows[0]!.reason).toMatch(/ID token|nonce/);
    });
  }

  it("refuses a missing or wrong state, a state from another browser, and a replayed callback", async () => {
    const s = await oidcSite();
    const started = await start(s.site.id);
    const back = await authorize(started.authorize, { claims: {} });
    const callback = (params: Record<string, string>, cookie?: string) => {
      const url = new URL(back);
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      if (params.state === "") url.searchParams.delete("state");
      return get(url.toString(), cookie);
    };
    expect((await callback({ state: "" }, started.cookie)).status).toBe(403);
    expect((await callback({ state: "forged" }, started.cookie)).status).toBe(403);
    // Another browser: no cookie, or another sign-in's cookie.
    const other = await start(s.site.id);
    expect((await callback({})).status).toBe(403);
    expect((await callback({}, other.cookie)).status).toBe(403);
    // Those attempts did not consume it (the browser binding is part of the lookup): the right browser gets in once.
    const ok = await callback({}, started.cookie);
    expect(ok.status).toBe(200);
    const replay = await callback({}, started.cookie);
    expect(replay.status).toBe(403);
    expect(await replay.text()).toContain("unknown, expired or used");
  });

  it("refuses a replayed code with a fresh state (the provider's one-use code), and an IdP error", async () => {
    const s = await oidcSite();
    const first = await signIn(s.site.id, { claims: {} });
    expect(first.callback.status).toBe(200);
    // A new sign-in of the same browser, answered with the old code: the exchange fails.
    const again = await start(s.site.id);
    const forged = new URL(first.back);
    forged.searchParams.set("state", again.authorize.searchParams.get("state")!);
    expect((await get(forged.toString(), again.cookie)).status).toBe(403);
    const denied = await start(s.site.id);
    const error = await get(
      siteUrl(s.site.id, `/~auth/callback?error=access_denied&state=${denied.authorize.searchParams.get("state")}`),
      denied.cookie,
    );
    expect(error.status).toBe(403);
    expect(await error.text()).toContain("access_denied");
  });

  it("never redirects off the site, and has no sign-in for sites without visitor-auth or a provider", async () => {
    const s = await oidcSite();
    for (const location of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "x",
    ]) {
      const res = await get(siteUrl(s.site.id, `/~auth/start?location=${encodeURIComponent(location)}`));
      expect(res.status, location).toBe(400);
      expect(res.headers.get("location")).toBeNull();
    }
    // A public site and a visitor-auth site without a provider: no sign-in.
    const open = await adaptiveSite("public");
    expect((await get(siteUrl(open.site.id, "/~auth/start?location=/"))).status).toBe(404);
    const plain = await adaptiveSite();
    expect((await get(siteUrl(plain.site.id, "/~auth/start?location=/"))).status).toBe(404);
    expect((await get(siteUrl(plain.site.id))).status).toBe(401);
    // A sign-in started for one site is no credential at another's callback.
    const other = await oidcSite();
    const started = await start(s.site.id);
    const back = await authorize(started.authorize, { claims: {} });
    const moved = new URL(back);
    moved.pathname = `/~site/${other.site.id}/~auth/callback`;
    expect((await get(moved.toString(), started.cookie)).status).toBe(403);
  });

  it("names the callback to register under the site's live custom host once it has one", async () => {
    const s = await oidcSite();
    expect(s.configured.json.redirectURL).toBe(`${ORIGIN}/~site/${s.site.id}/~auth/callback`);
    const host = `docs-${crypto.randomUUID().slice(0, 8)}.example.com`;
    const path = `/orgs/${s.organization.id}/sites/${s.site.id}`;
    expect((await api("PATCH", path, { token: s.owner.token, body: { proxy: `${host}/help` } })).status).toBe(200);
    // Not live yet (unverified): the deployment's own address stays the one visitors sign in on.
    const before = await api("GET", `${path}/publishing/auth`, { token: s.owner.token });
    expect(before.json.redirectURL).toBe(`${ORIGIN}/~site/${s.site.id}/~auth/callback`);
    await verifyCustomHost(s.owner.token, host);
    const live = await api("GET", `${path}/publishing/auth`, { token: s.owner.token });
    expect(live.json.redirectURL).toBe(`https://${host}/help/~auth/callback`);
    const site = await api("GET", path, { token: s.owner.token });
    expect(live.json.redirectURL).toBe(`${(site.json.urls as { published: string }).published}/~auth/callback`);
  });

  it("signs in on a custom host's base path: its own callback, cookies scoped to that path", async () => {
    const s = await oidcSite();
    const base = "/help";
    const callbackUrl = `http://docs.example.test${base}/~auth/callback`;
    // The provider knows this host's callback too (an admin registers it for a live custom host).
    await fetch(`${ISSUER}/clients`, {
      method: "POST",
      body: JSON.stringify({ client_id: s.clientId, client_secret: SECRET, redirect_uris: [callbackUrl] }),
    });
    const host = new Hono<AppEnv>();
    host.get("*", (c) => serveSite(c, s.site.id, base));
    const visit = (path: string, cookie?: string) =>
      host.request(`http://docs.example.test${base}${path}`, { headers: cookie ? { cookie } : {} }, env);
    const first = await visit("/llms.txt");
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(`${base}/~auth/start?location=%2Fllms.txt`);
    const started = await visit("/~auth/start?location=%2Fllms.txt");
    expect(started.status).toBe(302);
    const binding = started.headers.getSetCookie()[0]!;
    expect(binding).toContain(`Path=${base}/~auth`);
    const authorizeUrl = new URL(started.headers.get("location")!);
    expect(authorizeUrl.searchParams.get("redirect_uri")).toBe(callbackUrl);
    const back = await authorize(authorizeUrl, { claims: { plan: "pro" } });
    const callback = await visit(`${back.pathname.slice(base.length)}${back.search}`, cookiePair(binding));
    expect(callback.status).toBe(200);
    expect(await callback.text()).toContain(`${base}/llms.txt`);
    const visitor = callback.headers.getSetCookie().find((c) => c.startsWith(`quire_visitor_${s.site.id}=`))!;
    expect(visitor).toContain(`Path=${base}`);
    expect(await (await visit("/llms.txt", cookiePair(visitor))).text()).toContain("Pro tips");
  });
});
