// SAML sign-in in a real browser (Debian's Chromium, driven by playwright-core) against `wrangler dev`, with a test
// identity provider in Node (e2e/fixtures/saml-idp.ts) that signs its responses with a throwaway key and
// certificate. Seeded over HTTP: an organization, a team and an active SAML provider naming the IdP. Then, as a
// person does it: the provider's startURL, the IdP's login page, the ACS, the signed-in page, an API token made
// there and used on the API; an IdP-initiated sign-in; sign-out; a tampered response refused.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSamlIdp, type SamlIdp } from "./fixtures/saml-idp";
import { launchChromium } from "./helpers/browser";
import { type DevServer, startDevServer } from "./helpers/dev-server";

let server: DevServer;
let origin: string;
let idp: SamlIdp;
let browser: Browser | undefined;
let orgId: string;
let adminToken: string;
let teamId: string;
let provider: { id: string; service: { acsURL: string; startURL: string; entityID: string } };

async function v1(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${origin}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

async function seed() {
  const boot = server.bootstrap("--email", "admin@corp.example", "--org", "Corp");
  adminToken = boot.token;
  orgId = boot.organizationId;
  const team = await v1("PUT", `/orgs/${orgId}/teams`, adminToken, { title: "SSO people" });
  expect(team.status).toBeLessThan(300);
  teamId = team.json.id;
  const created = await v1("POST", `/orgs/${orgId}/saml`, adminToken, {
    label: "Test IdP",
    entityID: idp.entityId,
    ssoURL: idp.ssoUrl,
    certificate: idp.keys.pem,
    defaultRole: "edit",
    defaultTeam: teamId,
  });
  expect(created.status).toBe(201);
  expect(created.json.status).toBe("active");
  provider = created.json;
  // What an admin enters at the IdP: Quire's ACS URL and entity ID.
  idp.register({ acsURL: provider.service.acsURL, entityID: provider.service.entityID });
}

beforeAll(async () => {
  [server, idp] = await Promise.all([
    startDevServer({ name: "sso-saml-browser", devArgs: ["--var", "SIGNING_SECRET:e2e-sso-saml-secret"] }),
    startSamlIdp(),
  ]);
  origin = server.origin;
  [browser] = await Promise.all([launchChromium(), seed()]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await idp?.close();
  server?.stop();
});

/** One browser context per scenario: its own cookie jar. */
async function withContext(run: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await browser!.newContext();
  try {
    await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

const freshEmail = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@corp.example`;

/** On the IdP's login page: enter who you are and submit; the IdP's form then posts to the ACS. */
async function signInAtIdp(page: Page, email: string, name = "") {
  expect(page.url().startsWith(idp.origin)).toBe(true);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Sign in" }).click();
}

const sessionCookieOf = async (context: BrowserContext) =>
  (await context.cookies(origin)).find((c) => c.name === "quire_session");

describe("a member signs in through SAML in Chromium", () => {
  it("SP-initiated: startURL → IdP login → ACS → the app, signed in → the SSO page → an API token that works", async () => {
    await withContext(async (page, context) => {
      const email = freshEmail("ada");
      await page.goto(provider.service.startURL);
      // The IdP got an AuthnRequest from Quire's entity ID for its ACS (the fixture refuses any other).
      await page.waitForURL(`${idp.ssoUrl}?**`);
      const request = idp.requests.at(-1)!;
      expect(request.issuer).toBe(provider.service.entityID);
      expect(request.acsUrl).toBe(provider.service.acsURL);
      expect(new URL(page.url()).searchParams.get("RelayState")).toBe(request.id);
      // The request is bound to this browser by a cookie only the ACS receives.
      const bound = (await context.cookies(provider.service.acsURL)).find((c) => c.name === "quire_saml_request");
      expect(bound).toMatchObject({ httpOnly: true, sameSite: "Lax", path: new URL(provider.service.acsURL).pathname });
      expect((await context.cookies(`${origin}/sso/session`)).map((c) => c.name)).not.toContain("quire_saml_request");

      await signInAtIdp(page, email, "Ada Lovelace");
      // A member of this organization alone lands in the app, signed in; the SSO page is still theirs too.
      await page.waitForURL(`${origin}/o/${orgId}`);
      await page.getByRole("heading", { level: 1, name: "Corp" }).waitFor({ timeout: 20_000 });
      await page.goto(`${origin}/sso/session`);
      await expect.poll(() => page.locator("h1").textContent()).toBe("Signed in");
      const body = (await page.locator("body").textContent()) ?? "";
      expect(body).toContain("Ada Lovelace");
      expect(body).toContain(email);
      expect(body).toContain("Corp");
      expect(body).toContain(orgId);
      expect(body).toContain("role: edit");

      // The cookies as the browser keeps them: the session HttpOnly, Lax, for the whole origin, 12 h (not Secure
      // on plain-HTTP 127.0.0.1 only); the sign-in request's cookie was consumed by the ACS.
      const session = await sessionCookieOf(context);
      expect(session).toBeDefined();
      expect(session!.httpOnly).toBe(true);
      expect(session!.sameSite).toBe("Lax");
      expect(session!.path).toBe("/");
      expect(session!.secure).toBe(false);
      expect(session!.expires * 1000 - Date.now()).toBeGreaterThan(11.9 * 3_600_000);
      expect(session!.expires * 1000 - Date.now()).toBeLessThanOrEqual(12 * 3_600_000);
      expect((await context.cookies(provider.service.acsURL)).map((c) => c.name)).not.toContain("quire_saml_request");

      await page.getByLabel("Label").fill("laptop");
      await page.getByRole("button", { name: "Create an API token" }).click();
      await expect.poll(() => page.locator("h1").textContent()).toBe("API token created");
      const token = ((await page.locator("#token").textContent()) ?? "").trim();
      expect(token.length).toBeGreaterThan(20);
      expect(await page.locator("body").textContent()).toContain("laptop");

      // The token is the JIT member's: their user, a member with the provider's default role, team and SSO mark.
      const user = await v1("GET", "/user", token);
      expect(user.status).toBe(200);
      expect(user.json.email).toBe(email);
      expect(user.json.displayName).toBe("Ada Lovelace");
      const member = await v1("GET", `/orgs/${orgId}/members/${user.json.id}`, token);
      expect(member.status).toBe(200);
      expect(member.json.role).toBe("edit");
      expect(member.json.sso).toBe(true);
      const team = await v1("GET", `/orgs/${orgId}/teams/${teamId}/members`, adminToken);
      expect(team.status).toBe(200);
      expect(JSON.stringify(team.json)).toContain(user.json.id);
      // Shown once: the token list names it by label, never with its secret.
      const tokens = await v1("GET", "/user/tokens", token);
      expect(tokens.status).toBe(200);
      expect(JSON.stringify(tokens.json)).toContain("laptop");
      expect(JSON.stringify(tokens.json)).not.toContain(token);
    });
  });

  it("IdP-initiated: the IdP's app link signs in without a request, and sign-out revokes the session", async () => {
    await withContext(async (page, context) => {
      const email = freshEmail("grace");
      await page.goto(idp.appUrl);
      await signInAtIdp(page, email);
      await page.waitForURL(`${origin}/sso/session`);
      await expect.poll(() => page.locator("h1").textContent()).toBe("Signed in");
      expect(await page.locator("body").textContent()).toContain(email);
      const session = await sessionCookieOf(context);
      expect(session).toBeDefined();
      const oldCookie = `quire_session=${session!.value}`;
      expect((await fetch(`${origin}/sso/session`, { headers: { cookie: oldCookie } })).status).toBe(200);

      await page.getByRole("button", { name: "Sign out" }).click();
      await expect.poll(() => page.locator("h1").textContent()).toBe("Signed out");
      expect(await sessionCookieOf(context)).toBeUndefined();
      const after = await page.goto(`${origin}/sso/session`);
      expect(after?.status()).toBe(401);
      expect(await page.locator("h1").textContent()).toBe("Not signed in");
      // Revoked server-side: the old cookie, replayed, no longer works.
      const replayed = await fetch(`${origin}/sso/session`, { headers: { cookie: oldCookie } });
      expect(replayed.status).toBe(401);
      await context.addCookies([{ ...session! }]);
      expect((await page.goto(`${origin}/sso/session`))?.status()).toBe(401);
    });
  });

  it("a tampered response shows the refusal page and opens no session", async () => {
    await withContext(async (page, context) => {
      const email = freshEmail("eve");
      await page.goto(provider.service.startURL);
      await page.waitForURL(`${idp.ssoUrl}?**`);
      idp.tamperNext();
      const acs = page.waitForResponse((r) => r.url() === provider.service.acsURL);
      await signInAtIdp(page, email);
      const response = await acs;
      expect(response.status()).toBeGreaterThanOrEqual(400);
      expect(response.status()).toBeLessThan(500);
      await expect.poll(() => page.locator("h1").textContent()).toBe("Sign-in refused");
      expect(await sessionCookieOf(context)).toBeUndefined();
      // Neither the altered NameID nor the one the IdP signed became a member.
      const members = await v1("GET", `/orgs/${orgId}/members?limit=100`, adminToken);
      expect(members.status).toBe(200);
      expect(JSON.stringify(members.json)).not.toContain(email);
      expect(JSON.stringify(members.json)).not.toContain("mallory@evil.test");
    });
  });
});
