// Passkey sign-in through the API, with a software authenticator: a one-time link registers a passkey and signs
// in; the session cookie authenticates only from this origin, writes need its CSRF token; sessions are listed,
// revoked, idle-expired; a session secret is never a bearer token.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/http";
import { CookieBrowser, SoftPasskey, seedSignInLink, signUpWithLink } from "../helpers/passkeys";
import { seedOrganization, seedUser } from "../helpers/seed";

beforeAll(async () => {
  // Migrations are applied by the suite's setup.
});

describe("a one-time sign-in link", () => {
  it("registers a passkey, signs in with an HttpOnly session cookie, and works only once", async () => {
    const { user } = await seedUser("ada");
    const { browser, registered } = await signUpWithLink(user.id);
    expect(registered.user).toMatchObject({ object: "user", id: user.id, email: user.email });
    expect(registered.session.id).toEqual(expect.any(String));
    expect(browser.cookies.get("quire_app")).toMatch(/^qa_/);
    expect(browser.cookies.get("quire_csrf")).toMatch(/^[0-9a-f]{64}$/);

    const me = await browser.fetch("GET", "/user");
    expect(me.status).toBe(200);
    expect(me.json.id).toBe(user.id);

    // Used up: a second browser with the same link is refused.
    const link = await seedSignInLink(user.id);
    const first = new CookieBrowser();
    const options = await first.fetch("POST", "/auth/passkeys/registration/options", { link });
    const passkey = await SoftPasskey.create();
    expect(
      (
        await first.fetch("POST", "/auth/passkeys/registration", {
          response: await passkey.register(options.json.options),
        })
      ).status,
    ).toBe(201);
    const again = await new CookieBrowser().fetch("POST", "/auth/passkeys/registration/options", { link });
    expect(again.status).toBe(401);
    expect(again.json.error.message).toMatch(/sign-in link/);
  });

  it("is refused when expired, and an answer from another browser or origin does not register", async () => {
    const { user } = await seedUser();
    const expired = await seedSignInLink(user.id, Date.now() - 7_200_000, Date.now() - 1);
    expect(
      (await new CookieBrowser().fetch("POST", "/auth/passkeys/registration/options", { link: expired })).status,
    ).toBe(401);

    const link = await seedSignInLink(user.id);
    const browser = new CookieBrowser();
    const options = await browser.fetch("POST", "/auth/passkeys/registration/options", { link });
    const passkey = await SoftPasskey.create();
    const response = await passkey.register(options.json.options);
    // Another browser (no ceremony cookie) cannot complete this ceremony.
    const other = await new CookieBrowser().fetch("POST", "/auth/passkeys/registration", { response });
    expect(other.status).toBe(400);
    // A phishing origin's answer does not verify (and uses the challenge up).
    const phished = await browser.fetch("POST", "/auth/passkeys/registration", {
      response: await passkey.register(options.json.options, { origin: "https://evil.example" }),
    });
    expect(phished.status).toBe(400);
    expect(phished.json.error.message).toMatch(/origin/i);
    expect((await browser.fetch("POST", "/auth/passkeys/registration", { response })).status).toBe(400);
  });

  it("rejects malformed answers with 400 naming the field", async () => {
    const res = await new CookieBrowser().fetch("POST", "/auth/passkeys/registration", { response: { id: "x" } });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/response/);
  });
});

describe("signing in with a passkey", () => {
  it("opens a new session; the counter moves; an unknown passkey is 401", async () => {
    const { user } = await seedUser();
    const { passkey } = await signUpWithLink(user.id);
    const browser = new CookieBrowser();
    const options = await browser.fetch("POST", "/auth/passkeys/authentication/options", {});
    expect(options.status).toBe(200);
    const signedIn = await browser.fetch("POST", "/auth/passkeys/authentication", {
      response: await passkey.authenticate(options.json.options),
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.user.id).toBe(user.id);
    expect((await browser.fetch("GET", "/user")).json.id).toBe(user.id);

    const stranger = await SoftPasskey.create();
    const next = await browser.fetch("POST", "/auth/passkeys/authentication/options", {});
    const refused = await new CookieBrowser().fetch("POST", "/auth/passkeys/authentication", {
      response: await stranger.authenticate(next.json.options),
    });
    expect([400, 401]).toContain(refused.status);
    const unknown = await browser.fetch("POST", "/auth/passkeys/authentication", {
      response: await stranger.authenticate(next.json.options),
    });
    expect(unknown.status).toBe(401);
  });
});

describe("the session cookie", () => {
  it("needs the CSRF token on writes and is ignored from another site", async () => {
    const { organization, owner } = await seedOrganization();
    const { browser } = await signUpWithLink(owner.user.id);
    const body = { title: "From the app" };
    const noCsrf = await browser.fetch("POST", `/orgs/${organization.id}/spaces`, body, { "x-csrf-token": "" });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.json.error.message).toMatch(/X-CSRF-Token/);
    const forged = await browser.fetch("POST", `/orgs/${organization.id}/spaces`, body, {
      "x-csrf-token": "0".repeat(64),
    });
    expect(forged.status).toBe(403);
    expect((await browser.fetch("POST", `/orgs/${organization.id}/spaces`, body)).status).toBe(201);

    // From another site the cookie counts for nothing: the request is anonymous.
    const crossSite = await browser.fetch("GET", "/user", undefined, { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(401);
    const otherOrigin = await browser.fetch("GET", "/user", undefined, {
      "sec-fetch-site": "",
      origin: "https://evil.example",
    });
    expect(otherOrigin.status).toBe(401);
  });

  it("is not a bearer token, and is not listed among API tokens", async () => {
    const { user, token } = await seedUser();
    const { browser } = await signUpWithLink(user.id);
    const asBearer = await api("GET", "/user", { token: browser.cookies.get("quire_app") });
    expect(asBearer.status).toBe(401);
    expect(asBearer.json.error.message).toMatch(/cookie/);
    const tokens = await api("GET", "/user/tokens", { token });
    expect(tokens.json.items.map((t: { label: string }) => t.label)).not.toContain("Signed in");
  });

  it("is listed, revocable, ends at sign-out and after 12 idle hours", async () => {
    const { user, token } = await seedUser();
    const one = await signUpWithLink(user.id);
    const two = await signUpWithLink(user.id);
    const listed = await one.browser.fetch("GET", "/user/sessions");
    expect(listed.json).toMatchObject({ count: 2 });
    expect(listed.json.items).toHaveLength(2);
    const current = listed.json.items.find((s: { current: boolean }) => s.current);
    expect(current.id).toBe(one.registered.session.id);
    expect(current.userAgent).toMatch(/Chrome/);

    // Another person cannot end my session.
    const stranger = await seedUser();
    expect((await api("DELETE", `/user/sessions/${two.registered.session.id}`, { token: stranger.token })).status).toBe(
      204,
    );
    const still = await two.browser.fetch("GET", "/user");
    expect(still.json).toMatchObject({ id: user.id });
    // I can, with a token or from another session.
    expect((await api("DELETE", `/user/sessions/${two.registered.session.id}`, { token })).status).toBe(204);
    expect((await two.browser.fetch("GET", "/user")).status).toBe(401);

    const secret = one.browser.cookies.get("quire_app")!;
    expect((await one.browser.fetch("POST", "/auth/sign-out")).status).toBe(204);
    expect(one.browser.cookies.has("quire_app")).toBe(false);
    one.browser.cookies.set("quire_app", secret);
    expect((await one.browser.fetch("GET", "/user")).status).toBe(401);
    // Signing in again with the ended cookie still in the jar works (it counts as signed out).
    expect((await one.browser.fetch("POST", "/auth/passkeys/authentication/options", {})).status).toBe(200);

    const idle = await signUpWithLink(user.id);
    await env.DB.prepare("UPDATE api_tokens SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, idle.registered.session.id)
      .run();
    expect((await idle.browser.fetch("GET", "/user")).status).toBe(401);
  });
});
