// Members sign in to an organization through its OpenID Connect provider, as through a SAML provider: real protocol
// messages against the fixture provider (test/fixture-server/oidc-provider.ts, as test/sso/site-oidc.test.ts uses
// it): discovery, authorization with PKCE, the token exchange, the ID token verified against the provider's JWKS.
// A member of that organization alone lands in the app with its session; every way it can go wrong is refused with
// a plain page, recorded, and makes neither a session nor a membership.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  apiTokens,
  memberOidcProviders,
  memberOidcSignIns,
  organizationMembers,
  ssoRefusals,
  users,
} from "../../src/db/schema";
import { pruneSsoRecords } from "../../src/services/sso";
import { api, ORIGIN, workerFetch } from "../helpers/http";
import { CookieBrowser } from "../helpers/passkeys";
import { db, seedMember, seedOrganization, seedUser } from "../helpers/seed";

const ISSUER = `${env.FIXTURE_ORIGIN}/oidc`;
const SECRET = "member-client-secret-0123456789";

const email = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@members.test`;
const callbackUrl = (orgId: string) => `${ORIGIN}/sso/oidc/${orgId}/callback`;

/** A client registered at the fixture provider for this organization's callback. */
async function registerClient(orgId: string) {
  const clientId = `members-${crypto.randomUUID().slice(0, 8)}`;
  const res = await fetch(`${ISSUER}/clients`, {
    method: "POST",
    body: JSON.stringify({ client_id: clientId, client_secret: SECRET, redirect_uris: [callbackUrl(orgId)] }),
  });
  expect(res.status).toBe(201);
  return clientId;
}

/** An organization whose members sign in through the fixture provider (new people join as editors). */
async function oidcOrganization(title = "Members") {
  const { organization, owner } = await seedOrganization(title);
  const clientId = await registerClient(organization.id);
  const configured = await api("PUT", `/orgs/${organization.id}/sso/oidc`, {
    token: owner.token,
    body: { label: "Fixture IdP", issuer: ISSUER, clientId, clientSecret: SECRET, defaultRole: "edit" },
  });
  expect(configured.status, configured.text).toBe(200);
  return { orgId: organization.id, owner, clientId, configured };
}

const cookiePair = (line: string) => line.split(";")[0]!;
const cookieLine = (res: Response, name: string) => res.headers.getSetCookie().find((l) => l.startsWith(`${name}=`));
const get = (url: string, cookie?: string) =>
  workerFetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });

/** The start: where the browser goes (the provider's authorization URL) and the sign-in cookie. */
async function start(orgId: string, next?: string) {
  const query = next === undefined ? "" : `?${new URLSearchParams({ next })}`;
  const res = await get(`${ORIGIN}/sso/oidc/${orgId}/start${query}`);
  expect(res.status, await res.clone().text()).toBe(302);
  const line = cookieLine(res, "quire_oidc_sign_in")!;
  return { authorize: new URL(res.headers.get("location")!), cookie: cookiePair(line), line };
}

/** The provider signs the person in at once (`login`), and answers the redirect back to the callback. */
async function authorize(authorizeUrl: URL, login: Record<string, unknown>) {
  const url = new URL(authorizeUrl);
  url.searchParams.set("login", JSON.stringify(login));
  const res = await fetch(url, { redirect: "manual" });
  expect(res.status, await res.clone().text()).toBe(302);
  return new URL(res.headers.get("location")!);
}

/** start → provider → callback; the callback's response. */
async function signIn(orgId: string, login: Record<string, unknown>, next?: string) {
  const started = await start(orgId, next);
  const back = await authorize(started.authorize, login);
  const callback = await get(back.toString(), started.cookie);
  return { started, back, callback };
}

const person = (who: string, extra: Record<string, unknown> = {}) => ({
  claims: { email: who, email_verified: true, name: "Ada Lovelace", ...extra },
});

/** The browser after the callback: the cookies it was given, as CookieBrowser keeps them. */
function browserAfter(res: Response) {
  const browser = new CookieBrowser();
  for (const line of res.headers.getSetCookie()) {
    const [name, value] = cookiePair(line).split("=") as [string, string];
    if (value) browser.cookies.set(name, value);
  }
  return browser;
}

async function userByEmail(address: string) {
  const [user] = await db.select().from(users).where(eq(users.email, address));
  return user;
}

async function refusalsOf(orgId: string) {
  return db
    .select()
    .from(ssoRefusals)
    .where(eq(ssoRefusals.providerId, `oidc:${orgId}`));
}

describe("an organization's OpenID Connect provider for its members", () => {
  it("is set, read and removed by its admins, and never answers its secret", async () => {
    const o = await oidcOrganization();
    const expected = {
      object: "oidc-provider",
      label: "Fixture IdP",
      issuer: ISSUER,
      clientId: o.clientId,
      clientSecretSet: true,
      defaultRole: "edit",
      service: { redirectURL: callbackUrl(o.orgId), startURL: `${ORIGIN}/sso/oidc/${o.orgId}/start` },
      urls: { location: `${ORIGIN}/v1/orgs/${o.orgId}/sso/oidc` },
    };
    expect(o.configured.json).toMatchObject(expected);
    expect(o.configured.text).not.toContain(SECRET);
    const read = await api("GET", `/orgs/${o.orgId}/sso/oidc`, { token: o.owner.token });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject(expected);
    expect(read.text).not.toContain(SECRET);
    // Sealed at rest.
    const [row] = await db.select().from(memberOidcProviders).where(eq(memberOidcProviders.organizationId, o.orgId));
    expect(row!.clientSecret).not.toContain(SECRET);

    // The same client keeps its stored secret; another client needs its own; the trailing slash is dropped.
    const kept = await api("PUT", `/orgs/${o.orgId}/sso/oidc`, {
      token: o.owner.token,
      body: { label: "Renamed", issuer: `${ISSUER}/`, clientId: o.clientId, defaultRole: null },
    });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.json).toMatchObject({ label: "Renamed", issuer: ISSUER, clientSecretSet: true, defaultRole: null });
    const [after] = await db.select().from(memberOidcProviders).where(eq(memberOidcProviders.organizationId, o.orgId));
    expect(after!.clientSecret).toBe(row!.clientSecret);
    const otherClient = await api("PUT", `/orgs/${o.orgId}/sso/oidc`, {
      token: o.owner.token,
      body: { label: "Other", issuer: ISSUER, clientId: "another" },
    });
    expect(otherClient.status).toBe(400);
    expect(otherClient.json.error).toEqual({
      code: 400,
      message: "body.clientSecret: is required for a new OpenID Connect client",
    });

    // Audited like the SAML providers' changes.
    const events = await api("GET", `/orgs/${o.orgId}/audit-events?action=setOrganizationOIDCProvider`, {
      token: o.owner.token,
    });
    expect(events.status).toBe(200);
    expect(events.json.items).toHaveLength(2);
    expect(events.json.items[0].target).toMatchObject({ type: "organization", id: o.orgId });
    expect(events.text).not.toContain(SECRET);

    const removed = await api("DELETE", `/orgs/${o.orgId}/sso/oidc`, { token: o.owner.token });
    expect(removed.status).toBe(204);
    const gone = await api("GET", `/orgs/${o.orgId}/sso/oidc`, { token: o.owner.token });
    expect(gone.status).toBe(404);
    expect(gone.json.error.code).toBe(404);
    const deletes = await api("GET", `/orgs/${o.orgId}/audit-events?action=deleteOrganizationOIDCProvider`, {
      token: o.owner.token,
    });
    expect(deletes.json.items).toHaveLength(1);
    // Without a provider there is no sign-in.
    const startRes = await get(`${ORIGIN}/sso/oidc/${o.orgId}/start`);
    expect(startRes.status).toBe(404);
    expect(await startRes.text()).toContain("Sign-in refused");
  });

  it("refuses bad settings with the contract's 400 naming the field", async () => {
    const { organization, owner } = await seedOrganization("Bad settings");
    const put = (body: unknown) => api("PUT", `/orgs/${organization.id}/sso/oidc`, { token: owner.token, body });
    const good = { label: "IdP", issuer: "https://idp.example.com", clientId: "a", clientSecret: "b" };
    const bad: [Record<string, unknown>, string][] = [
      [{ ...good, issuer: "http://idp.example.com" }, "body.issuer"],
      [{ ...good, issuer: "https://idp.example.com?x=1" }, "body.issuer"],
      [{ ...good, issuer: "not a url" }, "body.issuer"],
      [{ ...good, clientSecret: "x".repeat(1025) }, "body.clientSecret"],
      [{ ...good, clientId: "" }, "body.clientId"],
      [{ ...good, label: "" }, "body.label"],
      [{ ...good, label: "x".repeat(31) }, "body.label"],
      [{ ...good, defaultRole: "owner" }, "body.defaultRole"],
      [{ label: "IdP", clientId: "a", clientSecret: "b" }, "body.issuer"],
      // A first client needs its secret.
      [{ label: "IdP", issuer: "https://idp.example.com", clientId: "a" }, "body.clientSecret"],
    ];
    for (const [body, field] of bad) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe(400);
      expect(res.json.error.message, JSON.stringify(body)).toContain(field);
    }
    expect((await api("GET", `/orgs/${organization.id}/sso/oidc`, { token: owner.token })).status).toBe(404);
    // Nothing was recorded for refused writes.
    const events = await api("GET", `/orgs/${organization.id}/audit-events?action=setOrganizationOIDCProvider`, {
      token: owner.token,
    });
    expect(events.json.items).toEqual([]);
  });

  it("is for admins only: 403 to other members, 404 to another organization's admin, 401 without a token", async () => {
    const o = await oidcOrganization();
    const editor = await seedMember(o.orgId, "edit", "editor");
    const outsider = await seedOrganization("Outsider");
    const body = { label: "Mine", issuer: "https://idp.example.com", clientId: "x", clientSecret: "y" };
    for (const [method, withBody] of [
      ["GET", false],
      ["PUT", true],
      ["DELETE", false],
    ] as const) {
      const call = (token?: string) =>
        api(method, `/orgs/${o.orgId}/sso/oidc`, { token, ...(withBody ? { body } : {}) });
      const asEditor = await call(editor.token);
      expect(asEditor.status, method).toBe(403);
      expect(asEditor.json.error.code).toBe(403);
      const asOutsider = await call(outsider.owner.token);
      expect(asOutsider.status, method).toBe(404);
      expect(asOutsider.json.error.code).toBe(404);
      expect((await call()).status, method).toBe(401);
    }
    // Still the admin's provider, untouched.
    const read = await api("GET", `/orgs/${o.orgId}/sso/oidc`, { token: o.owner.token });
    expect(read.json).toMatchObject({ label: "Fixture IdP", clientId: o.clientId });
    // The outsider's own organization is theirs to configure.
    const own = await api("PUT", `/orgs/${outsider.organization.id}/sso/oidc`, { token: outsider.owner.token, body });
    expect(own.status).toBe(200);
  });

  it("is offered on the public SSO listing and on /sign-in?org=", async () => {
    const o = await oidcOrganization();
    const listing = await api("GET", `/orgs/${o.orgId}/sso`);
    expect(listing.status).toBe(200);
    expect(listing.json.items).toEqual([
      { id: "oidc", label: "Fixture IdP", startURL: `${ORIGIN}/sso/oidc/${o.orgId}/start` },
    ]);
    const page = await (await workerFetch(`${ORIGIN}/sign-in?org=${o.orgId}`)).text();
    expect(page).toContain(`<a href="/sso/oidc/${o.orgId}/start">Sign in with Fixture IdP</a>`);
    const next = `/o/${o.orgId}/members`;
    const byNext = await (await workerFetch(`${ORIGIN}/sign-in?next=${encodeURIComponent(next)}`)).text();
    expect(byNext).toContain(`<a href="/sso/oidc/${o.orgId}/start?next=${encodeURIComponent(next)}">`);
  });
});

describe("a member's OpenID Connect sign-in", () => {
  it("lands a new person in the app: membership with the default role, the app's session, next followed", async () => {
    const o = await oidcOrganization();
    const who = email("ada");
    const next = `/o/${o.orgId}/members`;
    const { started, back, callback } = await signIn(o.orgId, person(who), next);
    // The authorization request: code flow, PKCE S256, state and nonce, the registered redirect URI.
    const q = started.authorize.searchParams;
    expect(started.authorize.origin + started.authorize.pathname).toBe(`${ISSUER}/authorize`);
    expect(q.get("response_type")).toBe("code");
    expect(q.get("client_id")).toBe(o.clientId);
    expect(q.get("redirect_uri")).toBe(callbackUrl(o.orgId));
    expect(q.get("scope")).toBe("openid email profile");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("code_challenge")?.length).toBe(43);
    expect(q.get("state")?.length).toBeGreaterThanOrEqual(43);
    expect(q.get("nonce")?.length).toBeGreaterThanOrEqual(43);
    // The browser binding: HttpOnly, for the callback only, sent on the provider's top-level redirect back.
    expect(started.line).toMatch(
      new RegExp(
        `^quire_oidc_sign_in=[\\w-]{43}; Max-Age=600; Path=/sso/oidc/${o.orgId}/callback; HttpOnly; Secure; SameSite=Lax$`,
      ),
    );
    expect(back.searchParams.get("code")).toBeTruthy();

    expect(callback.status, await callback.clone().text()).toBe(303);
    expect(callback.headers.get("location")).toBe(next);
    expect(cookieLine(callback, "quire_app")).toMatch(
      /^quire_app=qa_\w+; Max-Age=43200; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(cookieLine(callback, "quire_csrf")).toBeDefined();
    expect(cookieLine(callback, "quire_session")).toMatch(/^quire_session=qs_[0-9a-f]{64};/);
    expect(cookieLine(callback, "quire_oidc_sign_in")).toMatch(/Max-Age=0/);

    const browser = browserAfter(callback);
    const me = await browser.fetch("GET", "/user");
    expect(me.status).toBe(200);
    expect(me.json.email).toBe(who);
    expect(me.json.displayName).toBe("Ada Lovelace");
    const orgs = await browser.fetch("GET", "/orgs");
    expect(orgs.json.items.map((org: { id: string }) => org.id)).toEqual([o.orgId]);
    const [membership] = await db
      .select()
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, o.orgId), eq(organizationMembers.userId, me.json.id)));
    expect(membership).toMatchObject({ role: "edit", sso: true });
    expect(await refusalsOf(o.orgId)).toEqual([]);

    // Signing in again (an existing member, role kept), without next: the organization's home.
    const again = await signIn(o.orgId, person(who.toUpperCase()));
    expect(again.callback.status).toBe(303);
    expect(again.callback.headers.get("location")).toBe(`/o/${o.orgId}`);
    expect(cookieLine(again.callback, "quire_app")).toBeDefined();
  });

  it("never follows next to another origin", async () => {
    const o = await oidcOrganization();
    for (const next of ["//evil.example", "https://evil.example/", "/\\evil.example"]) {
      const { callback } = await signIn(o.orgId, person(email("next")), next);
      expect(callback.status, next).toBe(303);
      expect(callback.headers.get("location"), next).toBe(`/o/${o.orgId}`);
    }
  });

  const refusals: [string, Record<string, unknown>, RegExp][] = [
    ["wrong nonce", { idToken: { nonce: "not-the-nonce" } }, /nonce/],
    ["no nonce", { idToken: { nonce: null } }, /nonce/],
    ["expired", { idToken: { exp: -600 } }, /expired/],
    ["another audience", { idToken: { aud: "another-client" } }, /aud/],
    ["another issuer", { idToken: { iss: "http://127.0.0.1:1/oidc" } }, /iss/],
    ["a bad signature (a key not in the JWKS)", { idToken: { key: "other" } }, /ID token was refused/],
    ["alg none", { idToken: { alg: "none" } }, /ID token was refused/],
    ["an unverified email", { claims: { email_verified: false } }, /not verified/],
    ["an email the provider does not say it verified", { claims: { email_verified: undefined } }, /not verified/],
    ["email_verified as a string", { claims: { email_verified: "true" } }, /not verified/],
    ["no email", { claims: { email: undefined } }, /no email/],
  ];
  for (const [what, bend, reason] of refusals) {
    it(`refuses an ID token with ${what}: no session, no membership, recorded`, async () => {
      const o = await oidcOrganization();
      const who = email("refused");
      const base = person(who);
      const login = { claims: { ...base.claims, ...(bend.claims as object) }, idToken: bend.idToken };
      const { callback } = await signIn(o.orgId, login);
      expect(callback.status).toBe(403);
      expect(await callback.text()).toContain("Sign-in refused");
      const set = callback.headers.getSetCookie().join("\n");
      expect(set).not.toMatch(/quire_app=|quire_session=|quire_csrf=/);
      expect(await userByEmail(who)).toBeUndefined();
      const rows = await refusalsOf(o.orgId);
      expect(rows.map((r) => r.organizationId)).toEqual([o.orgId]);
      expect(rows[0]!.reason).toMatch(reason);
    });
  }

  it("refuses a forged or missing state, another browser's, and a replayed callback", async () => {
    const o = await oidcOrganization();
    const who = email("state");
    const started = await start(o.orgId);
    const back = await authorize(started.authorize, person(who));
    const callback = (params: Record<string, string>, cookie?: string) => {
      const url = new URL(back);
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      if (params.state === "") url.searchParams.delete("state");
      return get(url.toString(), cookie);
    };
    expect((await callback({ state: "" }, started.cookie)).status).toBe(400);
    expect((await callback({ state: "forged" }, started.cookie)).status).toBe(403);
    const other = await start(o.orgId);
    const noCookie = await callback({});
    expect(noCookie.status).toBe(403);
    expect(await noCookie.text()).toContain("unknown, expired or used");
    expect((await callback({}, other.cookie)).status).toBe(403);
    expect(await userByEmail(who)).toBeUndefined();
    // Those attempts did not consume it: the right browser gets in once.
    const ok = await callback({}, started.cookie);
    expect(ok.status).toBe(303);
    expect(cookieLine(ok, "quire_app")).toBeDefined();
    const replay = await callback({}, started.cookie);
    expect(replay.status).toBe(403);
    expect(replay.headers.getSetCookie().join("\n")).not.toMatch(/quire_app=|quire_session=/);
    // A sign-in started for another organization is no answer here.
    const elsewhere = await oidcOrganization("Elsewhere");
    const theirs = await start(elsewhere.orgId);
    const theirBack = await authorize(theirs.authorize, person(email("crossed")));
    const crossed = new URL(callbackUrl(o.orgId));
    for (const k of ["code", "state"]) crossed.searchParams.set(k, theirBack.searchParams.get(k)!);
    expect((await get(crossed.toString(), theirs.cookie)).status).toBe(403);
  });

  it("refuses what the provider sends back as an error, by its code only", async () => {
    const o = await oidcOrganization();
    const started = await start(o.orgId);
    const url = new URL(callbackUrl(o.orgId));
    url.searchParams.set("error", "access_denied");
    url.searchParams.set("state", started.authorize.searchParams.get("state")!);
    const res = await get(url.toString(), started.cookie);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("the identity provider answered access_denied");
  });

  it("gives a member of other organizations too the SSO session only, and the page that says why", async () => {
    const o = await oidcOrganization();
    const both = await seedUser("both");
    const other = await seedOrganization("Other");
    await db.insert(organizationMembers).values([
      { organizationId: o.orgId, userId: both.user.id, role: "read", joinedAt: 1 },
      { organizationId: other.organization.id, userId: both.user.id, role: "admin", joinedAt: 1 },
    ]);
    const { callback } = await signIn(o.orgId, person(both.user.email), `/o/${o.orgId}`);
    expect(callback.status).toBe(303);
    expect(callback.headers.get("location")).toBe("/sso/session");
    expect(cookieLine(callback, "quire_app")).toBeUndefined();
    expect(cookieLine(callback, "quire_csrf")).toBeUndefined();
    const sessions = await db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, both.user.id), eq(apiTokens.kind, "session")));
    expect(sessions).toEqual([]);
    const cookie = cookiePair(cookieLine(callback, "quire_session")!);
    const page = await workerFetch(`${ORIGIN}/sso/session`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('<a href="/sign-in">sign in with your passkey</a>');
    expect(text).not.toContain("Create an API token");
  });

  it("never takes over an account that is not a member of the organization", async () => {
    const o = await oidcOrganization();
    const stranger = await seedUser("stranger");
    const { callback } = await signIn(o.orgId, person(stranger.user.email));
    expect(callback.status).toBe(403);
    expect(await callback.text()).toContain("an admin must invite it first");
    const memberships = await db
      .select()
      .from(organizationMembers)
      .where(eq(organizationMembers.userId, stranger.user.id));
    expect(memberships).toEqual([]);
  });

  it("keeps a sign-in in flight 10 minutes; the daily housekeeping drops it once expired", async () => {
    const o = await oidcOrganization();
    await start(o.orgId);
    const [row] = await db.select().from(memberOidcSignIns).where(eq(memberOidcSignIns.organizationId, o.orgId));
    expect(row!.expiresAt - row!.createdAt).toBe(600_000);
    await pruneSsoRecords({ db, env, now: row!.expiresAt - 1 });
    expect(await db.select().from(memberOidcSignIns).where(eq(memberOidcSignIns.id, row!.id))).toHaveLength(1);
    await pruneSsoRecords({ db, env, now: row!.expiresAt + 1 });
    expect(await db.select().from(memberOidcSignIns).where(eq(memberOidcSignIns.id, row!.id))).toEqual([]);
  });
});
