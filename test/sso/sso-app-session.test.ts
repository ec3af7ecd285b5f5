// A SAML sign-in lands a member in the app: the ACS opens the app's cookie session (as a passkey does) when the
// person belongs to that organization alone and started the sign-in in this browser, and keeps the SSO page for
// anyone else.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiTokens, organizationMembers } from "../../src/db/schema";
import { ORIGIN, workerFetch } from "../helpers/http";
import { CookieBrowser } from "../helpers/passkeys";
import { acsForm } from "../helpers/saml";
import { email, makeWorld, signedAssertion, startSignIn, type World } from "../helpers/saml-world";
import { db, seedOrganization, seedUser } from "../helpers/seed";

let w: World;
beforeAll(async () => {
  w = await makeWorld("Solo");
});

/** The IdP's form post to the ACS, with a RelayState when given. */
function postAcs(xml: string, relayState?: string, cookie?: string) {
  return workerFetch(w.acs, {
    method: "POST",
    body: acsForm(xml, relayState),
    headers: cookie ? { cookie } : {},
    redirect: "manual",
  });
}

/** The browser after the ACS: the cookies it was given (as CookieBrowser keeps them), by name. */
function browserAfter(res: Response) {
  const browser = new CookieBrowser();
  for (const line of res.headers.getSetCookie()) {
    const [name, value] = line.split(";")[0]!.split("=") as [string, string];
    if (value) browser.cookies.set(name, value);
  }
  return browser;
}

/** An SP-initiated sign-in of `who` answered by the IdP with `relayState`, from the browser that started it. */
async function spInitiated(relayState?: string, who = email("solo")) {
  const s = await startSignIn(w);
  const { xml } = await signedAssertion(w, { nameId: who, inResponseTo: s.id });
  return postAcs(xml, relayState, s.cookie);
}

const cookieLine = (res: Response, name: string) => res.headers.getSetCookie().find((l) => l.startsWith(`${name}=`));

describe("a member of this organization alone", () => {
  it("SP-initiated with next: gets the app's session and lands on next; /v1/user answers them", async () => {
    const next = `/o/${w.orgId}/members`;
    const s = await startSignIn({ ...w, start: `${w.start}?next=${encodeURIComponent(next)}` });
    expect(s.location.searchParams.get("RelayState")).toBe(next);
    const who = email("solo");
    const { xml } = await signedAssertion(w, { nameId: who, inResponseTo: s.id });
    const res = await postAcs(xml, next, s.cookie);
    expect(res.status, await res.clone().text()).toBe(303);
    expect(res.headers.get("location")).toBe(next);
    expect(cookieLine(res, "quire_app")).toMatch(
      /^quire_app=qa_\w+; Max-Age=43200; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(cookieLine(res, "quire_csrf")).toMatch(
      /^quire_csrf=[0-9a-f]{64}; Max-Age=43200; Path=\/; Secure; SameSite=Lax$/,
    );
    expect(cookieLine(res, "quire_session")).toMatch(/^quire_session=qs_[0-9a-f]{64};/);

    const browser = browserAfter(res);
    const me = await browser.fetch("GET", "/user");
    expect(me.status).toBe(200);
    expect(me.json.email).toBe(who);
    const orgs = await browser.fetch("GET", "/orgs");
    expect(orgs.json.items.map((o: { id: string }) => o.id)).toEqual([w.orgId]);
    // A session like a passkey's: listed as the current one, with the browser that signed in.
    const sessions = await browser.fetch("GET", "/user/sessions");
    expect(sessions.status).toBe(200);
    expect(sessions.json.items).toHaveLength(1);

    // The SSO page keeps working (API tokens), and points to the app.
    const page = await workerFetch(`${ORIGIN}/sso/session`, {
      headers: { cookie: `quire_session=${browser.cookies.get("quire_session")}` },
    });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain(`href="/o/${w.orgId}"`);
    expect(text).toContain("Create an API token");
  });

  it("a RelayState that is not a path: lands on the organization's home", async () => {
    for (const relay of [undefined, "_3f2a9c0d1e", ""]) {
      const res = await spInitiated(relay);
      expect(res.status).toBe(303);
      expect(res.headers.get("location"), String(relay)).toBe(`/o/${w.orgId}`);
      expect(cookieLine(res, "quire_app")).toBeDefined();
    }
  });

  it("IdP-initiated (unsolicited, so possibly posted by a stranger's page): no app session, the SSO page", async () => {
    const { xml } = await signedAssertion(w);
    const res = await postAcs(xml, `/o/${w.orgId}`);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/sso/session");
    expect(cookieLine(res, "quire_app")).toBeUndefined();
    expect(cookieLine(res, "quire_session")).toBeDefined();
  });

  it("never follows a RelayState to another origin", async () => {
    const hostile = [
      "//evil.example",
      "//evil.example/o/x",
      "https://evil.example/",
      "/\\evil.example",
      "/\t/evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      " /o/x",
    ];
    for (const relay of hostile) {
      const res = await spInitiated(relay);
      expect(res.status, relay).toBe(303);
      expect(res.headers.get("location"), relay).toBe(`/o/${w.orgId}`);
    }
    // Nor does the start send one to the IdP.
    const s = await startSignIn({ ...w, start: `${w.start}?next=${encodeURIComponent("//evil.example")}` });
    expect(s.location.searchParams.get("RelayState")).toBe(s.id);
    // A next too long for a RelayState (80 bytes) is not sent either: the member lands on the default.
    const long = await startSignIn({ ...w, start: `${w.start}?next=/o/${w.orgId}/${"x".repeat(80)}` });
    expect(long.location.searchParams.get("RelayState")).toBe(long.id);
  });

  it("signs out of the app with the CSRF header: both sessions end, then 401", async () => {
    const browser = browserAfter(await spInitiated());
    const appSecret = browser.cookies.get("quire_app")!;
    const ssoCookie = `quire_session=${browser.cookies.get("quire_session")}`;
    expect((await browser.fetch("GET", "/user")).status).toBe(200);

    // Without the CSRF header the write is refused, and the session is left alone.
    const forged = await browser.fetch("POST", "/auth/sign-out", undefined, { "x-csrf-token": "nope" });
    expect(forged.status).toBe(403);
    expect((await browser.fetch("GET", "/user")).status).toBe(200);

    const out = await browser.fetch("POST", "/auth/sign-out");
    expect(out.status).toBe(204);
    expect(browser.cookies.has("quire_app")).toBe(false);
    expect(browser.cookies.has("quire_session")).toBe(false);
    // Revoked server-side: the old cookies, sent again, no longer work.
    browser.cookies.set("quire_app", appSecret);
    expect((await browser.fetch("GET", "/user")).status).toBe(401);
    expect((await workerFetch(`${ORIGIN}/sso/session`, { headers: { cookie: ssoCookie } })).status).toBe(401);
  });
});

describe("a member of other organizations too", () => {
  it("gets no app session: the SSO page, which says to use a passkey for the app", async () => {
    const both = await seedUser("both");
    const other = await seedOrganization("Elsewhere");
    await db.insert(organizationMembers).values([
      { organizationId: w.orgId, userId: both.user.id, role: "read", joinedAt: 1 },
      { organizationId: other.organization.id, userId: both.user.id, role: "admin", joinedAt: 1 },
    ]);
    // Even SP-initiated, from the browser that started it.
    const res = await spInitiated(`/o/${other.organization.id}`, both.user.email);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/sso/session");
    expect(cookieLine(res, "quire_app")).toBeUndefined();
    expect(cookieLine(res, "quire_csrf")).toBeUndefined();
    const sessions = await db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, both.user.id), eq(apiTokens.kind, "session")));
    expect(sessions).toEqual([]);

    const cookie = cookieLine(res, "quire_session")!.split(";")[0]!;
    const page = await workerFetch(`${ORIGIN}/sso/session`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('<a href="/sign-in">sign in with your passkey</a>');
    expect(text).not.toContain("Create an API token");

    // The app's sign-out ends that SSO session too (no app cookie needed).
    const out = await workerFetch(`${ORIGIN}/v1/auth/sign-out`, {
      method: "POST",
      headers: { cookie, "sec-fetch-site": "same-origin" },
    });
    expect(out.status).toBe(204);
    expect((await workerFetch(`${ORIGIN}/sso/session`, { headers: { cookie } })).status).toBe(401);
  });
});

describe("the sign-in page", () => {
  const signInPage = async (query: string) => (await workerFetch(`${ORIGIN}/sign-in${query}`)).text();
  const startPath = () => `/sso/saml/${w.providerId}/start`;

  it("offers the organization's SSO for ?org=, or for the organization next names", async () => {
    const byOrg = await signInPage(`?org=${w.orgId}`);
    expect(byOrg).toContain("Sign in with your organization's SSO");
    expect(byOrg).toContain(`<a href="${startPath()}">Sign in with Corp IdP</a>`);
    const next = `/o/${w.orgId}/members`;
    const byNext = await signInPage(`?next=${encodeURIComponent(next)}`);
    expect(byNext).toContain(`<a href="${startPath()}?next=${encodeURIComponent(next)}">`);
    // An invite link's page: the invited person signs in through SSO and comes back to join with its role.
    const join = `/join/${w.orgId}/inv_123`;
    const byJoin = await signInPage(`?next=${encodeURIComponent(join)}`);
    expect(byJoin).toContain(`<a href="${startPath()}?next=${encodeURIComponent(join)}">`);
    // A next to another origin is not carried on.
    const hostile = await signInPage(`?org=${w.orgId}&next=${encodeURIComponent("//evil.example")}`);
    expect(hostile).toContain(`<a href="${startPath()}">`);
  });

  it("offers none for an organization without an active provider, an unknown one, or none named", async () => {
    const plain = await seedOrganization("No SSO");
    for (const query of [`?org=${plain.organization.id}`, "?org=nope", "?org=%22%3E%3Cscript%3E", "", "?next=/s/x"]) {
      const page = await signInPage(query);
      expect(page, query).toContain("Sign in with a passkey");
      expect(page, query).not.toContain("organization's SSO");
    }
  });

  it("its link starts a sign-in that carries next to the RelayState", async () => {
    const next = `/o/${w.orgId}/sites`;
    const s = await startSignIn({ ...w, start: `${ORIGIN}${startPath()}?next=${encodeURIComponent(next)}` });
    expect(s.location.searchParams.get("RelayState")).toBe(next);
  });
});
