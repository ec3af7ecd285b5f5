// Passkey sign-in in a real browser (Debian's Chromium, driven by playwright-core, with a CDP virtual authenticator)
// against `wrangler dev`: the one-time link `npm run bootstrap` prints creates a passkey and lands in the app; the
// link works once; a write without the CSRF header is refused; sign-out ends the session server-side; the passkey
// signs in again. Every page loads only from this server, logs no error, and passes axe-core in light and dark.
import type { Browser, BrowserContext, CDPSession, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPlatformAuthenticator, axeViolations as axeOf } from "./helpers/app-browser";
import { externalRequests, launchChromium, watchPage } from "./helpers/browser";
import { type DevServer, startDevServer } from "./helpers/dev-server";

const EMAIL = "ada@example.com";

let server: DevServer;
/** `localhost`, not 127.0.0.1: browsers refuse an IP address as a passkey's relying party. */
let origin: string;
let browser: Browser | undefined;
let context: BrowserContext;
let page: Page;
let cdp: CDPSession;
let authenticatorId: string;
let seen: ReturnType<typeof watchPage>;
let linkUrl: string;
/** The API token bootstrap issued (revoked from the account page). */
let token: string;

beforeAll(async () => {
  server = await startDevServer({ name: "app-sign-in" });
  origin = server.origin.replace("127.0.0.1", "localhost");
  const made = server.bootstrap("--email", EMAIL, "--name", "Ada Lovelace", "--origin", origin);
  token = made.token;
  if (!made.signInLink?.startsWith(`${origin}/sign-in#link=`))
    throw new Error(`bootstrap --json printed no sign-in link for ${origin}: ${made.signInLink}`);
  linkUrl = made.signInLink;
  browser = await launchChromium();
  context = await browser.newContext();
  page = await context.newPage();
  seen = watchPage(page);
  cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  authenticatorId = await addPlatformAuthenticator(cdp);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  server?.stop();
});

/** Starts a step's record afresh: what the page did before belongs to the step before. */
function fresh() {
  seen.requests.length = 0;
  seen.failed.length = 0;
  seen.errors.length = 0;
}

/**
 * Nothing left this server; the only failed responses are `expected` (`url: status`), and the only console errors
 * are Chromium's line for each of them.
 */
function expectClean(expected: string[] = []) {
  expect(externalRequests(origin, seen.requests)).toEqual([]);
  expect(seen.failed).toEqual(expected);
  expect(
    seen.errors.filter((e) => !/^Failed to load resource: the server responded with a status of 4\d\d/.test(e)),
  ).toEqual([]);
  expect(seen.errors).toHaveLength(expected.length);
}

/** axe-core's violations on the page as it is, in light and in dark mode (helpers/app-browser.ts). */
const axeViolations = () => axeOf(page);

const credentials = async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;

/** The page's alert text once it says something. */
async function alertText(id: string) {
  const alert = page.locator(`#${id}`);
  await expect.poll(() => alert.textContent(), { timeout: 20_000 }).not.toBe("");
  return (await alert.textContent())?.trim();
}

/** The answer of the first failed POST to `path`, read before the page shows it. */
const failedPost = (path: string) =>
  page.waitForResponse(
    (r: Response) => r.request().method() === "POST" && new URL(r.url()).pathname === path && r.status() >= 400,
    { timeout: 20_000 },
  );

async function onAccount() {
  await page.waitForURL(`${origin}/account`, { timeout: 20_000 });
  await page.getByText(EMAIL).waitFor({ state: "visible", timeout: 20_000 });
  // Both lists filled in (not "Loading…"), the current session marked.
  await page.locator("#sessions li .badge").waitFor({ timeout: 20_000 });
  await expect.poll(() => page.locator("#tokens").textContent(), { timeout: 20_000 }).not.toContain("Loading");
}

describe("passkey sign-in in Chromium, with nothing but this server", () => {
  it("serves /sign-in and /account with a strict, per-response nonced CSP and this origin's bundle", async () => {
    for (const path of ["/sign-in", "/account"]) {
      const [a, b] = await Promise.all([fetch(`${origin}${path}`), fetch(`${origin}${path}`)]);
      expect(a.status).toBe(200);
      const csp = a.headers.get("content-security-policy")!;
      const nonce = /script-src 'nonce-([A-Za-z0-9]+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(csp).toBe(
        [
          "default-src 'none'",
          `script-src 'nonce-${nonce}'`,
          `style-src 'nonce-${nonce}'`,
          "connect-src 'self'",
          "img-src 'self' data:",
          "base-uri 'none'",
          "form-action 'self'",
          "frame-ancestors 'none'",
        ].join("; "),
      );
      expect(b.headers.get("content-security-policy")).not.toContain(nonce);
      expect(a.headers.get("cache-control")).toBe("no-store");
      const body = await a.text();
      await b.text();
      const script = /<script type="module" nonce="([^"]+)" src="([^"]+)"><\/script>/.exec(body);
      expect(script?.[1]).toBe(nonce);
      expect(script?.[2]).toMatch(new RegExp(`^/_quire/app/${path.slice(1)}\\.js\\?v=.+`));
      const bundle = await fetch(`${origin}${script![2]}`);
      expect(bundle.status).toBe(200);
      expect(bundle.headers.get("content-type")).toMatch(/javascript/);
      expect(bundle.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      await bundle.text();
    }
  });

  it("the bootstrap link creates a passkey and lands in the app; /account shows who is signed in", async () => {
    fresh();
    await page.goto(linkUrl, { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1, name: "Create your passkey" }).waitFor({ timeout: 20_000 });
    // The secret is read, then gone from the address bar and history.
    expect(page.url()).toBe(`${origin}/sign-in`);
    expect(await axeViolations()).toEqual([]);

    await page.getByRole("button", { name: "Create your passkey" }).click();
    // The app's home, which opens the person's only organization (the one bootstrap made).
    await page.waitForURL(new RegExp(`^${origin}/o/[^/]+$`), { timeout: 20_000 });
    // The organization's view has loaded (leaving earlier would abort its requests).
    await page.getByRole("heading", { level: 1, name: "My organization" }).waitFor({ timeout: 20_000 });
    await page.waitForLoadState("networkidle");
    await page.goto(`${origin}/account`, { waitUntil: "networkidle" });
    await onAccount();
    const stored = await credentials();
    expect(stored).toHaveLength(1);
    expect(stored[0].isResidentCredential).toBe(true);
    await expect(page.locator("#who").textContent()).resolves.toBe(`Signed in as Ada Lovelace (${EMAIL}).`);
    const sessions = await page.locator("#sessions li").allTextContents();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toContain("(this browser)");
    await page.getByRole("button", { name: "Revoke token bootstrap" }).waitFor({ timeout: 20_000 });
    expect(await axeViolations()).toEqual([]);
    // The session's own cookie is out of the page's reach; the CSRF one is meant to be read.
    const cookies = await context.cookies(origin);
    expect(cookies.some((c) => c.httpOnly)).toBe(true);
    expect(cookies.find((c) => c.name === "quire_csrf")?.httpOnly).toBe(false);
    expectClean();
  });

  it("the link works once: used again, the page shows the API's refusal", async () => {
    fresh();
    await page.goto(linkUrl, { waitUntil: "networkidle" });
    const refused = failedPost("/v1/auth/passkeys/registration/options");
    await page.getByRole("button", { name: "Create your passkey" }).click();
    const response = await refused;
    const body = (await response.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(response.status());
    await expect(alertText("sign-in-error")).resolves.toBe(body.error.message);
    expect(await credentials()).toHaveLength(1);
    expectClean([`${response.url()}: ${response.status()}`]);
  });

  it("a write with the cookie but without the right X-CSRF-Token is refused with a JSON 403", async () => {
    await page.goto(`${origin}/account`, { waitUntil: "networkidle" });
    await onAccount();
    fresh();
    const tokenId = await page.evaluate(
      async () => ((await (await fetch("/v1/user/tokens")).json()) as any).items[0].id as string,
    );
    const answers = await page.evaluate(async (tokenId) => {
      const attempt = async (method: string, path: string, headers: Record<string, string>) => {
        const res = await fetch(path, { method, headers });
        return { status: res.status, type: res.headers.get("content-type"), body: (await res.json()) as any };
      };
      return [
        await attempt("POST", "/v1/auth/sign-out", {}),
        await attempt("POST", "/v1/auth/sign-out", { "X-CSRF-Token": "forged" }),
        await attempt("DELETE", `/v1/user/tokens/${tokenId}`, {}),
      ];
    }, tokenId);
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.type).toMatch(/^application\/json/);
      expect(answer.body.error.code).toBe(403);
      expect(answer.body.error.message).toEqual(expect.any(String));
    }
    // Still signed in, the token still there.
    const still = await page.evaluate(async () => {
      const user = await fetch("/v1/user");
      const tokens = (await (await fetch("/v1/user/tokens")).json()) as any;
      return { user: user.status, tokens: tokens.items.length as number };
    });
    expect(still).toEqual({ user: 200, tokens: 1 });
    expect(seen.failed.filter((f) => !f.endsWith(": 403"))).toEqual([]);
    expect(seen.failed).toHaveLength(3);
  });

  it("sign-out ends the session on the server: its cookie no longer opens /v1/user", async () => {
    const cookieHeader = (await context.cookies(origin)).map((c) => `${c.name}=${c.value}`).join("; ");
    const before = await fetch(`${origin}/v1/user`, { headers: { cookie: cookieHeader } });
    expect(before.status).toBe(200);
    await before.text();
    fresh();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${origin}/sign-in`, { timeout: 20_000 });
    await page.getByRole("button", { name: "Sign in with a passkey" }).waitFor({ timeout: 20_000 });
    const after = await fetch(`${origin}/v1/user`, { headers: { cookie: cookieHeader } });
    expect(after.status).toBe(401);
    await after.text();
    expect((await context.cookies(origin)).filter((c) => c.httpOnly)).toEqual([]);
    expectClean();
  });

  it("signed out, /account sends to /sign-in, where the passkey signs in again and goes back", async () => {
    fresh();
    await page.goto(`${origin}/account`);
    await page.waitForURL(`${origin}/sign-in?next=/account`, { timeout: 20_000 });
    await page.getByRole("heading", { level: 1, name: "Sign in to Quire" }).waitFor({ timeout: 20_000 });
    await page.waitForLoadState("networkidle");
    expect(await axeViolations()).toEqual([]);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await onAccount();
    expectClean([`${origin}/v1/user: 401`]);
  });

  it("follows `next` only to a path on this origin, else opens the app", async () => {
    for (const [next, lands] of [
      ["/account?from=next", `${origin}/account?from=next`],
      // The app's home, which opens the person's only organization.
      ["//example.com/account", new RegExp(`^${origin}/o/[^/]+$`)],
      ["/\\example.com/account", new RegExp(`^${origin}/o/[^/]+$`)],
    ] as const) {
      fresh();
      await page.goto(`${origin}/sign-in?next=${encodeURIComponent(next)}`, { waitUntil: "networkidle" });
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await page.waitForURL(lands, { timeout: 20_000 });
      await page
        .getByText(typeof lands === "string" ? EMAIL : "Ada Lovelace")
        .first()
        .waitFor({ timeout: 20_000 });
      await page.waitForLoadState("networkidle");
      expectClean();
    }
  });

  it("revokes another session and the API token from the account page", async () => {
    await page.goto(`${origin}/account`, { waitUntil: "networkidle" });
    await onAccount();
    fresh();
    const rows = page.locator("#sessions li");
    const count = await rows.count();
    expect(count).toBeGreaterThan(1);
    await page
      .getByRole("button", { name: /^Revoke session/ })
      .first()
      .click();
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(count - 1);

    await page.getByRole("button", { name: "Revoke token bootstrap" }).click();
    await page.getByRole("button", { name: "Revoke token bootstrap" }).waitFor({ state: "detached", timeout: 20_000 });
    const res = await fetch(`${origin}/v1/user`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    await res.text();
    // What the page shows is what the API holds.
    await page.reload({ waitUntil: "networkidle" });
    await page.getByText(EMAIL).waitFor({ state: "visible", timeout: 20_000 });
    await page.getByText("No API tokens.").waitFor({ timeout: 20_000 });
    await expect(rows.count()).resolves.toBe(count - 1);
    expectClean();
  });

  it("adds a passkey on another authenticator, which then signs in on its own", async () => {
    // A second device: the first authenticator is gone, so only the new passkey can answer.
    await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
    authenticatorId = await addPlatformAuthenticator(cdp);
    fresh();
    await page.getByLabel("Name for the new passkey (optional)").fill("Second laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect
      .poll(() => page.locator("#passkey-status").textContent(), { timeout: 20_000 })
      .toBe("Passkey added. You can use it to sign in.");
    await expect(page.locator("#passkey-error").textContent()).resolves.toBe("");
    expect(await credentials()).toHaveLength(1);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${origin}/sign-in`, { timeout: 20_000 });
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.waitForURL(new RegExp(`^${origin}/o/[^/]+$`), { timeout: 20_000 });
    // The organization's view has loaded (leaving earlier would abort its requests).
    await page.getByRole("heading", { level: 1, name: "My organization" }).waitFor({ timeout: 20_000 });
    await page.waitForLoadState("networkidle");
    await page.goto(`${origin}/account`, { waitUntil: "networkidle" });
    await onAccount();
    await page.waitForLoadState("networkidle");
    expectClean();
  });
});
