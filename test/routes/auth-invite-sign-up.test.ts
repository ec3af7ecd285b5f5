// A new person joins through an invite link with a passkey (software authenticator): the user, the membership
// with the link's role, the passkey and the session are made at once; an email that has an account is 409; the
// email is unverified, so pending email invitations to it stay pending; a link that joinOrganizationWithInvite
// refuses creates nothing, before or during the ceremony; a ceremony finishes only into the invite it began for.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { issueToken } from "../../src/services/people/tokens";
import { findOrCreateUser } from "../../src/services/people/users";
import { api, ORIGIN, workerFetch } from "../helpers/http";
import { CookieBrowser, SoftPasskey, seedSignInLink, signUpWithLink } from "../helpers/passkeys";
import { db, seedOrganization, seedUser } from "../helpers/seed";

interface Invite {
  organizationId: string;
  inviteId: string;
}

/** APP_URL in vitest.config.ts: where `urls.app` points. */
const APP = "https://app.quire.test";

const newEmail = (name = "newcomer") => `${name}-${crypto.randomUUID().slice(0, 8)}@example.org`;

async function inviteLink(token: string, organizationId: string, role = "edit") {
  const res = await api("POST", `/orgs/${organizationId}/link-invites`, { token, body: { role } });
  expect(res.status).toBe(201);
  return { organizationId, inviteId: res.json.id as string, presented: res.json };
}

const ref = ({ organizationId, inviteId }: Invite): Invite => ({ organizationId, inviteId });

/** Starts a sign-up in a new browser; the options' status and the answer the authenticator makes for them. */
async function startSignUp(
  invite: Invite,
  user: { displayName: string; email: string },
  browser = new CookieBrowser(),
) {
  const passkey = await SoftPasskey.create();
  const options = await browser.fetch("POST", "/auth/passkeys/registration/options", { invite: ref(invite), user });
  const response = options.status === 200 ? await passkey.register(options.json.options) : undefined;
  return { browser, passkey, options, response };
}

/** What exists for an email: its users, their memberships, passkeys and sessions. */
async function traces(email: string) {
  const one = (sql: string) =>
    env.DB.prepare(sql)
      .bind(email.toLowerCase())
      .first<{ n: number }>()
      .then((r) => r!.n);
  return {
    users: await one("SELECT count(*) AS n FROM users WHERE email = ?"),
    memberships: await one(
      "SELECT count(*) AS n FROM organization_members WHERE user_id IN (SELECT id FROM users WHERE email = ?)",
    ),
    passkeys: await one("SELECT count(*) AS n FROM passkeys WHERE user_id IN (SELECT id FROM users WHERE email = ?)"),
    sessions: await one(
      "SELECT count(*) AS n FROM api_tokens WHERE kind = 'session' AND user_id IN (SELECT id FROM users WHERE email = ?)",
    ),
  };
}
const NOTHING = { users: 0, memberships: 0, passkeys: 0, sessions: 0 };

const memberRole = async (organizationId: string, userId: string) =>
  (
    await env.DB.prepare("SELECT role FROM organization_members WHERE organization_id = ? AND user_id = ?")
      .bind(organizationId, userId)
      .first<{ role: string | null }>()
  )?.role;

describe("signing up through an invite link", () => {
  it("creates the user, the membership with the link's role, the passkey and a working session", async () => {
    const { organization, owner } = await seedOrganization();
    const invite = await inviteLink(owner.token, organization.id, "edit");
    expect(invite.presented.urls).toEqual({
      location: `${ORIGIN}/v1/orgs/${organization.id}/link-invites/${invite.inviteId}`,
      join: `${ORIGIN}/v1/orgs/${organization.id}/invites/${invite.inviteId}`,
      app: `${APP}/join/${organization.id}/${invite.inviteId}`,
    });

    const email = newEmail("Grace");
    const { browser, passkey, options, response } = await startSignUp(invite, {
      displayName: "  Grace Hopper ",
      email: email.toUpperCase(),
    });
    expect(options.status).toBe(200);
    expect(options.json.options.user).toMatchObject({ name: email.toLowerCase(), displayName: "Grace Hopper" });
    const registered = await browser.fetch("POST", "/auth/passkeys/registration", { invite: ref(invite), response });
    expect(registered.status).toBe(201);
    expect(registered.json).toMatchObject({
      object: "passkey",
      id: passkey.credentialId,
      user: { object: "user", email: email.toLowerCase(), displayName: "Grace Hopper" },
      session: { id: expect.any(String) },
    });
    expect(browser.cookies.get("quire_app")).toMatch(/^qa_/);
    const me = await browser.fetch("GET", "/user");
    expect(me.status).toBe(200);
    expect(me.json.id).toBe(registered.json.user.id);
    expect(await memberRole(organization.id, me.json.id)).toBe("edit");
    // As a member, the session reads the organization.
    expect((await browser.fetch("GET", `/orgs/${organization.id}`)).status).toBe(200);
    expect(await traces(email)).toEqual({ users: 1, memberships: 1, passkeys: 1, sessions: 1 });

    // The passkey signs the person in again later.
    const later = new CookieBrowser();
    const signIn = await later.fetch("POST", "/auth/passkeys/authentication/options", {});
    const signedIn = await later.fetch("POST", "/auth/passkeys/authentication", {
      response: await passkey.authenticate(signIn.json.options),
    });
    expect([signedIn.status, signedIn.json.user.id]).toEqual([200, me.json.id]);
  });

  it("serves the invite's app page with a strict CSP and its script", async () => {
    const res = await workerFetch(`${ORIGIN}/join/org-1/invite-1`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toMatch(/default-src 'none'; script-src 'nonce-/);
    const page = await res.text();
    expect(page).toContain("/_quire/app/join.js");
    expect(page).toMatch(/<label for="join-name">/);
    expect(page).toMatch(/<label for="join-email">/);
    expect(page).toMatch(/role="alert"/);
  });

  it("refuses an email that has an account (409, sign in first) and creates nothing", async () => {
    const { organization, owner } = await seedOrganization();
    const invite = await inviteLink(owner.token, organization.id);
    const existing = await seedUser("existing");
    const { options } = await startSignUp(invite, {
      displayName: "Impostor",
      email: existing.user.email.toUpperCase(),
    });
    expect(options.status).toBe(409);
    expect(options.json.error.message).toMatch(/sign in first, then open the invite link/);
    expect(await memberRole(organization.id, existing.user.id)).toBeUndefined();

    // Taken between the options and the answer: 409 too, and the batch leaves nothing behind.
    const email = newEmail();
    const raced = await startSignUp(invite, { displayName: "Racer", email });
    expect(raced.options.status).toBe(200);
    const claimed = await findOrCreateUser(db, { email, displayName: "Claimed" }, Date.now());
    const { secret } = await issueToken(db, claimed.id, "test", Date.now());
    const registered = await raced.browser.fetch("POST", "/auth/passkeys/registration", {
      invite: ref(invite),
      response: raced.response,
    });
    expect([registered.status, registered.json.error.message]).toEqual([409, expect.stringMatching(/sign in first/)]);
    expect(await traces(email)).toEqual({ users: 1, memberships: 0, passkeys: 0, sessions: 0 });
    expect((await api("GET", "/user", { token: secret })).json.displayName).toBe("Claimed");
    expect(raced.browser.cookies.has("quire_app")).toBe(false);
  });

  it("leaves pending email invitations to that email pending (the email is unverified)", async () => {
    const linkOrg = await seedOrganization("Link org");
    const invitingOrg = await seedOrganization("Inviting org");
    const email = newEmail("victim");
    const invited = await api("POST", `/orgs/${invitingOrg.organization.id}/invites`, {
      token: invitingOrg.owner.token,
      body: { emails: [email], role: "admin" },
    });
    expect(invited.status).toBe(200);
    const invite = await inviteLink(linkOrg.owner.token, linkOrg.organization.id, "read");
    const { browser, response } = await startSignUp(invite, { displayName: "Not the owner", email });
    const registered = await browser.fetch("POST", "/auth/passkeys/registration", { invite: ref(invite), response });
    expect(registered.status).toBe(201);
    const userId = registered.json.user.id;
    expect(await memberRole(linkOrg.organization.id, userId)).toBe("read");
    expect(await memberRole(invitingOrg.organization.id, userId)).toBeUndefined();
    expect((await browser.fetch("GET", `/orgs/${invitingOrg.organization.id}`)).status).toBe(404);
    const pending = await env.DB.prepare(
      "SELECT count(*) AS n FROM organization_invitations WHERE organization_id = ? AND email = ?",
    )
      .bind(invitingOrg.organization.id, email)
      .first<{ n: number }>();
    expect(pending!.n).toBe(1);
  });

  it("refuses unknown, deleted, disabled and expired links as joinOrganizationWithInvite does, creating nothing", async () => {
    const { organization, owner } = await seedOrganization();
    const email = newEmail();
    const user = { displayName: "Newcomer", email };
    const status = async (invite: Invite) => {
      const { options } = await startSignUp(invite, user);
      return [options.status, options.json.error?.message];
    };
    expect(await status({ organizationId: organization.id, inviteId: "no-such-link" })).toEqual([
      404,
      "Invite not found",
    ]);
    const deleted = await inviteLink(owner.token, organization.id);
    await api("DELETE", `/orgs/${organization.id}/link-invites/${deleted.inviteId}`, { token: owner.token });
    expect((await status(deleted))[0]).toBe(404);
    const other = await seedOrganization();
    const elsewhere = await inviteLink(owner.token, organization.id);
    expect((await status({ organizationId: other.organization.id, inviteId: elsewhere.inviteId }))[0]).toBe(404);

    const disabled = await inviteLink(owner.token, organization.id);
    await api("PATCH", `/orgs/${organization.id}/link-invites/${disabled.inviteId}`, {
      token: owner.token,
      body: { disabled: true },
    });
    expect(await status(disabled)).toEqual([403, "This invite link has been disabled"]);
    const expired = await inviteLink(owner.token, organization.id);
    await env.DB.prepare("UPDATE invite_links SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, expired.inviteId)
      .run();
    expect(await status(expired)).toEqual([403, "This invite link has expired"]);
    expect(await traces(email)).toEqual(NOTHING);

    // Disabled or expired after the options were given: the registration is refused and creates nothing.
    for (const change of [{ disabled: true }, { expiresAt: "expire" }]) {
      const invite = await inviteLink(owner.token, organization.id);
      const started = await startSignUp(invite, user);
      expect(started.options.status).toBe(200);
      if (change.disabled) {
        await api("PATCH", `/orgs/${organization.id}/link-invites/${invite.inviteId}`, {
          token: owner.token,
          body: change,
        });
      } else {
        await env.DB.prepare("UPDATE invite_links SET expires_at = ? WHERE id = ?")
          .bind(Date.now() - 1, invite.inviteId)
          .run();
      }
      const registered = await started.browser.fetch("POST", "/auth/passkeys/registration", {
        invite: ref(invite),
        response: started.response,
      });
      expect(registered.status).toBe(403);
      expect(await traces(email)).toEqual(NOTHING);
    }
  });

  it("refuses every link of an organization that turned invite links off, also mid-ceremony", async () => {
    const { organization, owner } = await seedOrganization();
    const invite = await inviteLink(owner.token, organization.id);
    const email = newEmail();
    const started = await startSignUp(invite, { displayName: "Late", email });
    expect(started.options.status).toBe(200);
    const off = await api("PATCH", `/orgs/${organization.id}`, { token: owner.token, body: { inviteLinks: false } });
    expect(off.status).toBe(200);
    const registered = await started.browser.fetch("POST", "/auth/passkeys/registration", {
      invite: ref(invite),
      response: started.response,
    });
    expect([registered.status, registered.json.error.message]).toEqual([
      403,
      "This organization does not accept invite links",
    ]);
    const { options } = await startSignUp(invite, { displayName: "Later", email });
    expect(options.status).toBe(403);
    expect(await traces(email)).toEqual(NOTHING);
  });

  it("finishes a ceremony only into the invite and the person it was started for", async () => {
    const a = await seedOrganization("A");
    const b = await seedOrganization("B");
    const inviteA = await inviteLink(a.owner.token, a.organization.id, "read");
    const inviteB = await inviteLink(b.owner.token, b.organization.id, "admin");
    const email = newEmail();

    // Claiming another invite, or invite A in another organization: 400, the challenge used up, nothing made.
    for (const claimed of [ref(inviteB), { organizationId: b.organization.id, inviteId: inviteA.inviteId }]) {
      const started = await startSignUp(inviteA, { displayName: "Mallory", email });
      const wrong = await started.browser.fetch("POST", "/auth/passkeys/registration", {
        invite: claimed,
        response: started.response,
      });
      expect(wrong.status).toBe(400);
      expect(wrong.json.error.message).toMatch(/^body\.invite: these options were made for another invite link/);
      const again = await started.browser.fetch("POST", "/auth/passkeys/registration", {
        invite: ref(inviteA),
        response: started.response,
      });
      expect(again.status).toBe(400);
      expect(await traces(email)).toEqual(NOTHING);
    }

    // Two ceremonies in one browser: each answer finishes into its own invite and person, whatever is claimed.
    const browser = new CookieBrowser();
    const first = await startSignUp(inviteA, { displayName: "First", email }, browser);
    const otherEmail = newEmail();
    const second = await startSignUp(inviteB, { displayName: "Second", email: otherEmail }, browser);
    expect(
      (await browser.fetch("POST", "/auth/passkeys/registration", { invite: ref(inviteB), response: first.response }))
        .status,
    ).toBe(400);
    const done = await browser.fetch("POST", "/auth/passkeys/registration", { response: second.response });
    expect(done.status).toBe(201);
    expect(done.json.user.email).toBe(otherEmail);
    expect(await memberRole(b.organization.id, done.json.user.id)).toBe("admin");
    expect(await memberRole(a.organization.id, done.json.user.id)).toBeUndefined();
    expect(await traces(email)).toEqual(NOTHING);

    // A sign-in link's ceremony cannot be finished as an invite's.
    const { user } = await seedUser();
    const link = await signUpLinkOptions(user.id);
    const asInvite = await link.browser.fetch("POST", "/auth/passkeys/registration", {
      invite: ref(inviteA),
      response: link.response,
    });
    expect(asInvite.status).toBe(400);
    expect(await memberRole(a.organization.id, user.id)).toBeUndefined();
  });

  it("is for people who are signed out: a signed-in person joins with joinOrganizationWithInvite", async () => {
    const { organization, owner } = await seedOrganization();
    const invite = await inviteLink(owner.token, organization.id, "comment");
    const { user } = await seedUser("member");
    const { browser } = await signUpWithLink(user.id);
    const email = newEmail();
    const { options } = await startSignUp(invite, { displayName: "Second account", email }, browser);
    expect(options.status).toBe(400);
    expect(options.json.error.message).toMatch(/you are signed in/);
    expect(await traces(email)).toEqual(NOTHING);
    const joined = await browser.fetch("POST", `/orgs/${organization.id}/invites/${invite.inviteId}`);
    expect(joined.status).toBe(200);
    expect(await memberRole(organization.id, user.id)).toBe("comment");
  });

  it("validates the body: user goes with invite (with an email), not with a link, and needs a name", async () => {
    const invite = { organizationId: "o", inviteId: "i" };
    const cases: [unknown, RegExp][] = [
      [{ invite }, /^body\.user: is required with invite/],
      [{ user: { displayName: "x", email: newEmail() } }, /^body\.user: is only accepted with invite/],
      [
        { invite, link: "ql_x", user: { displayName: "x", email: newEmail() } },
        /^body\.invite: cannot be sent with link/,
      ],
      [{ invite, user: { displayName: "x" } }, /^body\.user\.email: is required with invite/],
      [{ invite, user: { displayName: "x", email: "not-an-email" } }, /^body\.user\.email/],
      [{ invite, user: { displayName: "  ", email: newEmail() } }, /^body\.user\.displayName/],
    ];
    for (const [body, message] of cases) {
      const res = await new CookieBrowser().fetch("POST", "/auth/passkeys/registration/options", body);
      expect(res.status).toBe(400);
      expect(res.json.error.message).toMatch(message);
    }
  });
});

/** A sign-in link's registration options in a new browser, and the authenticator's answer to them. */
async function signUpLinkOptions(userId: string) {
  const browser = new CookieBrowser();
  const link = await seedSignInLink(userId);
  const options = await browser.fetch("POST", "/auth/passkeys/registration/options", { link });
  const response = await (await SoftPasskey.create()).register(options.json.options);
  return { browser, response };
}

/** Invites emails by the API; answers each new email's one-time link secret (from its app URL's fragment). */
async function inviteByEmail(token: string, organizationId: string, body: Record<string, unknown>) {
  const res = await api("POST", `/orgs/${organizationId}/invites`, { token, body });
  expect(res.status).toBe(200);
  const links = res.json.links as { email: string; url: string; expiresAt: string }[];
  return Object.fromEntries(
    links.map((link) => {
      expect(link.url).toMatch(new RegExp(`^${APP}/join/invitation#invitation=qi_[0-9A-Za-z]+$`));
      return [link.email, new URL(link.url).hash.slice("#invitation=".length)];
    }),
  );
}

/** Signs up in a new browser with an invitation's secret: the options, then (when given) the registration. */
async function invitationSignUp(invitation: string, displayName = "Invited") {
  const browser = new CookieBrowser();
  const passkey = await SoftPasskey.create();
  const options = await browser.fetch("POST", "/auth/passkeys/registration/options", {
    invitation,
    user: { displayName },
  });
  if (options.status !== 200) return { browser, options };
  const registered = await browser.fetch("POST", "/auth/passkeys/registration", {
    response: await passkey.register(options.json.options),
  });
  return { browser, options, registered };
}

describe("signing up through an email invitation's one-time link", () => {
  it("creates the invited email's account with exactly that invitation, once", async () => {
    const { organization, owner } = await seedOrganization();
    const other = await seedOrganization("Other");
    const email = newEmail("invited");
    const existing = await seedUser("existing");
    const secrets = await inviteByEmail(owner.token, organization.id, {
      emails: [email, existing.user.email],
      role: "review",
      sso: true,
    });
    // An existing user joined at once: no link for them.
    expect(Object.keys(secrets)).toEqual([email]);
    await inviteByEmail(other.owner.token, other.organization.id, { emails: [email], role: "admin" });

    const { browser, options, registered } = await invitationSignUp(secrets[email]!, "Invited Person");
    expect(options.json.options.user).toMatchObject({ name: email, displayName: "Invited Person" });
    expect(registered!.status).toBe(201);
    expect(registered!.json.user).toMatchObject({ email, displayName: "Invited Person" });
    const me = await browser.fetch("GET", "/user");
    expect(me.json.id).toBe(registered!.json.user.id);
    const member = await env.DB.prepare(
      "SELECT role, sso FROM organization_members WHERE organization_id = ? AND user_id = ?",
    )
      .bind(organization.id, me.json.id)
      .first();
    expect(member).toEqual({ role: "review", sso: 1 });
    // Exactly that invitation: the other organization's stays pending.
    expect(await memberRole(other.organization.id, me.json.id)).toBeUndefined();
    const pending = await env.DB.prepare("SELECT organization_id FROM organization_invitations WHERE email = ?")
      .bind(email)
      .all<{ organization_id: string }>();
    expect(pending.results.map((r) => r.organization_id)).toEqual([other.organization.id]);

    // Used up.
    const again = await invitationSignUp(secrets[email]!);
    expect([again.options.status, again.options.json.error.message]).toEqual([
      401,
      "This invitation link is unknown, has been used, or has expired; ask for a new invitation",
    ]);
  });

  it("is refused when unknown, expired, replaced by a new invitation, or its email has an account", async () => {
    const { organization, owner } = await seedOrganization();
    expect((await invitationSignUp("qi_unknown")).options.status).toBe(401);

    const email = newEmail();
    const first = (await inviteByEmail(owner.token, organization.id, { emails: [email] }))[email]!;
    const second = (await inviteByEmail(owner.token, organization.id, { emails: [email] }))[email]!;
    expect((await invitationSignUp(first)).options.status).toBe(401);

    await env.DB.prepare("UPDATE organization_invitations SET link_expires_at = ? WHERE email = ?")
      .bind(Date.now() - 1, email)
      .run();
    expect((await invitationSignUp(second)).options.status).toBe(401);
    expect(await traces(email)).toEqual(NOTHING);

    // The email got an account (through an invite link, which leaves the invitation pending): 409, sign in first.
    const taken = newEmail();
    const secret = (await inviteByEmail(owner.token, organization.id, { emails: [taken] }))[taken]!;
    const linkOrg = await seedOrganization("Link org");
    const invite = await inviteLink(linkOrg.owner.token, linkOrg.organization.id);
    const viaLink = await startSignUp(invite, { displayName: "Via link", email: taken });
    const signedUp = await viaLink.browser.fetch("POST", "/auth/passkeys/registration", {
      response: viaLink.response,
    });
    expect(signedUp.status).toBe(201);
    const refused = await invitationSignUp(secret);
    expect([refused.options.status, refused.options.json.error.message]).toEqual([
      409,
      expect.stringMatching(/sign in first/),
    ]);
    expect(await memberRole(organization.id, signedUp.json.user.id)).toBeUndefined();
    expect(await traces(taken)).toEqual({ users: 1, memberships: 1, passkeys: 1, sessions: 1 });
  });

  it("creates nothing when the invitation is replaced during the ceremony, and takes no email from the body", async () => {
    const { organization, owner } = await seedOrganization();
    const email = newEmail();
    const secret = (await inviteByEmail(owner.token, organization.id, { emails: [email] }))[email]!;
    const browser = new CookieBrowser();
    const options = await browser.fetch("POST", "/auth/passkeys/registration/options", {
      invitation: secret,
      user: { displayName: "Slow" },
    });
    expect(options.status).toBe(200);
    await inviteByEmail(owner.token, organization.id, { emails: [email] });
    const registered = await browser.fetch("POST", "/auth/passkeys/registration", {
      response: await (await SoftPasskey.create()).register(options.json.options),
    });
    expect(registered.status).toBe(401);
    expect(await traces(email)).toEqual(NOTHING);

    const withEmail = await new CookieBrowser().fetch("POST", "/auth/passkeys/registration/options", {
      invitation: secret,
      user: { displayName: "x", email: newEmail() },
    });
    expect(withEmail.status).toBe(400);
    expect(withEmail.json.error.message).toMatch(/^body\.user\.email: is the invitation's own/);
    const both = await new CookieBrowser().fetch("POST", "/auth/passkeys/registration/options", {
      invite: { organizationId: organization.id, inviteId: "x" },
      invitation: secret,
      user: { displayName: "x", email: newEmail() },
    });
    expect(both.status).toBe(400);
    expect(both.json.error.message).toMatch(/^body\.invitation: cannot be sent with invite/);
  });
});
