// An account created just in time by organization A's IdP, with a token made on A's signed-in page, that later
// joins organization B: when B enforces SSO, that token is not a way into B until the member signs in through B's
// IdP, whichever way they joined (an email invitation, an invite link, the email domain). The enforcement is the
// token read's (services/people/tokens.ts: a membership counts once signed in through SSO, admins exempt).
import { describe, expect, it } from "vitest";
import { api, ORIGIN, workerFetch } from "../helpers/http";
import { email, makeWorld, post, sessionCookie, signedAssertion, type World } from "../helpers/saml-world";

const form = (cookie: string) => ({
  method: "POST",
  headers: { cookie, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
  body: "label=from-a",
});

async function signIn(w: World, nameId: string) {
  const { xml } = await signedAssertion(w, { nameId });
  const res = await post(w, xml);
  expect(res.status).toBe(303);
  return `quire_session=${sessionCookie(res)}`;
}

const reaches = async (token: string, orgId: string) => {
  const [org, spaces] = await Promise.all([
    api("GET", `/orgs/${orgId}`, { token }),
    api("GET", `/orgs/${orgId}/spaces`, { token }),
  ]);
  // Both or neither: a refused organization is refused on its resources too.
  expect(org.status === 200).toBe(spaces.status === 200);
  if (org.status !== 200) expect([403, 404]).toContain(org.status);
  return org.status === 200;
};

describe("SSO enforcement for an account another organization's IdP created", () => {
  it("a token made from A's SSO session does not reach B when B enforces SSO, until B's IdP signs the member in", async () => {
    const a = await makeWorld("A");
    const who = email("jit");
    const sessionA = await signIn(a, who);
    const made = await workerFetch(`${ORIGIN}/sso/session/tokens`, form(sessionA));
    expect(made.status).toBe(200);
    const token = /<code id="token">([^<]+)<\/code>/.exec(await made.text())?.[1] ?? "";
    const me = await api("GET", "/user", { token });
    expect(me.json.email).toBe(who);
    expect(await reaches(token, a.orgId)).toBe(true);

    // B joined three ways, as an `edit` or `read` member (not admin: admins are exempt from enforcement).
    const byEmail = await makeWorld("B by email");
    const invited = await api("POST", `/orgs/${byEmail.orgId}/invites`, {
      token: byEmail.adminToken,
      body: { emails: [who], role: "edit" },
    });
    expect(invited.status).toBeLessThan(300);

    const byLink = await makeWorld("B by link");
    expect(
      (await api("PATCH", `/orgs/${byLink.orgId}`, { token: byLink.adminToken, body: { inviteLinks: true } })).status,
    ).toBe(200);
    const link = await api("POST", `/orgs/${byLink.orgId}/link-invites`, {
      token: byLink.adminToken,
      body: { role: "edit" },
    });
    expect(link.status).toBeLessThan(300);
    expect((await api("POST", `/orgs/${byLink.orgId}/invites/${link.json.id}`, { token })).status).toBe(200);

    const byDomain = await makeWorld("B by domain");
    const domains = await api("PATCH", `/orgs/${byDomain.orgId}`, {
      token: byDomain.adminToken,
      body: { emailDomains: [who.split("@")[1]], defaultRole: "read" },
    });
    expect(domains.status).toBe(200);
    expect((await api("POST", `/orgs/${byDomain.orgId}/join`, { token })).status).toBe(204);

    const bs = [byEmail, byLink, byDomain];
    // Without enforcement the memberships count: the token reaches every B.
    for (const b of bs) expect(await reaches(token, b.orgId)).toBe(true);

    for (const b of bs) {
      const enforced = await api("PATCH", `/orgs/${b.orgId}`, { token: b.adminToken, body: { sso: true } });
      expect(enforced.json.sso).toBe(true);
      // Still a member, as B's admin sees it; never signed in through B's IdP.
      const member = await api("GET", `/orgs/${b.orgId}/members/${me.json.id}`, { token: b.adminToken });
      expect(member.status).toBe(200);
      expect(member.json.role).not.toBe("admin");
    }
    for (const b of bs) expect(await reaches(token, b.orgId)).toBe(false);
    expect(await reaches(token, a.orgId)).toBe(true);

    // A's session no longer mints tokens (they would reach B), even with a new sign-in through A's IdP.
    expect((await workerFetch(`${ORIGIN}/sso/session/tokens`, form(sessionA))).status).toBe(403);
    expect((await workerFetch(`${ORIGIN}/sso/session/tokens`, form(await signIn(a, who)))).status).toBe(403);

    // One sign-in through B's own IdP, and that B (only) is reached again.
    await signIn(byEmail, who);
    expect(await reaches(token, byEmail.orgId)).toBe(true);
    expect(await reaches(token, byLink.orgId)).toBe(false);
    expect(await reaches(token, byDomain.orgId)).toBe(false);
  });
});
