import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { organizationMembers, ssoSessions, teamMembers, users } from "../../src/db/schema";
import { createApp } from "../../src/app";
import { sha256Hex } from "../../src/lib/crypto";
import { api, ORIGIN, workerFetch } from "../helpers/http";
import { samlResponseXml, signXml } from "../helpers/saml";
import {
  email,
  IDP,
  makeWorld,
  post,
  refusedWithoutSession,
  sessionCookie,
  signedAssertion,
  startSignIn,
  type World,
} from "../helpers/saml-world";
import { db, seedOrganization, seedUser } from "../helpers/seed";

let w: World;
beforeAll(async () => {
  w = await makeWorld();
});

describe("SP metadata and start", () => {
  it("serves SP metadata with the entity ID and the ACS (HTTP-POST)", async () => {
    const res = await workerFetch(w.entityId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/samlmetadata+xml");
    const xml = await res.text();
    expect(xml).toContain(`entityID="${w.entityId}"`);
    expect(xml).toContain(`Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${w.acs}"`);
    expect(xml).toContain("nameid-format:emailAddress");
    expect((await workerFetch(`${ORIGIN}/sso/saml/nope/metadata`)).status).toBe(404);
  });

  it("redirects to the IdP with a deflated AuthnRequest and binds it to the browser", async () => {
    const s = await startSignIn(w);
    expect(`${s.location.origin}${s.location.pathname}`).toBe("https://idp.corp.test/sso");
    expect(s.request).toContain('Destination="https://idp.corp.test/sso"');
    expect(s.request).toContain(`AssertionConsumerServiceURL="${w.acs}"`);
    expect(s.request).toContain(`<saml:Issuer>${w.entityId}</saml:Issuer>`);
    expect(s.id).toMatch(/^_[0-9a-f]{40}$/);
    expect(s.setCookie).toMatch(/HttpOnly/i);
    expect(s.setCookie).toMatch(/Secure/i);
    expect(s.setCookie).toMatch(/Max-Age=600/);
  });
});

describe("a provider not configured yet", () => {
  it("serves its metadata (the IdP is set up from it) but starts no sign-in and accepts no response", async () => {
    const { organization, owner } = await seedOrganization("Pending");
    const created = await api("POST", `/orgs/${organization.id}/saml`, {
      token: owner.token,
      body: { label: "Later" },
    });
    expect(created.json.status).toBe("pending");
    const { entityID, startURL, acsURL } = created.json.service;
    expect((await workerFetch(entityID)).status).toBe(200);
    const start = await workerFetch(startURL, { redirect: "manual" });
    expect(start.status).toBe(404);
    expect(await start.text()).toContain("not configured");
    const acs = await workerFetch(acsURL, { method: "POST", body: new URLSearchParams({ SAMLResponse: "PHg+" }) });
    expect(acs.status).toBe(404);
  });
});

describe("sessions", () => {
  it("end when they expire, and when the member is disabled", async () => {
    const { xml } = await signedAssertion(w);
    const res = await post(w, xml);
    const secret = sessionCookie(res) ?? "";
    const cookie = `quire_session=${secret}`;
    expect((await workerFetch(`${ORIGIN}/sso/session`, { headers: { cookie } })).status).toBe(200);
    const [session] = await db
      .select()
      .from(ssoSessions)
      .where(eq(ssoSessions.tokenHash, await sha256Hex(secret)));
    expect(session.expiresAt - session.createdAt).toBe(12 * 3_600_000);

    await db
      .update(organizationMembers)
      .set({ disabled: true })
      .where(and(eq(organizationMembers.organizationId, w.orgId), eq(organizationMembers.userId, session.userId)));
    expect((await workerFetch(`${ORIGIN}/sso/session`, { headers: { cookie } })).status).toBe(401);
    await db
      .update(organizationMembers)
      .set({ disabled: false })
      .where(and(eq(organizationMembers.organizationId, w.orgId), eq(organizationMembers.userId, session.userId)));
    expect((await workerFetch(`${ORIGIN}/sso/session`, { headers: { cookie } })).status).toBe(200);
    await db
      .update(ssoSessions)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(ssoSessions.id, session.id));
    expect((await workerFetch(`${ORIGIN}/sso/session`, { headers: { cookie } })).status).toBe(401);
    expect(
      (await workerFetch(`${ORIGIN}/sso/session`, { headers: { cookie: "quire_session=qs_forged" } })).status,
    ).toBe(401);
  });
});

describe("ACS happy paths", () => {
  it("SP-initiated: signs in a new person (JIT: default role and team, SSO member) and opens a session", async () => {
    const s = await startSignIn(w);
    const who = email("grace");
    const { xml } = await signedAssertion(w, {
      nameId: who,
      inResponseTo: s.id,
      attributes: { displayName: "Grace H" },
    });
    const res = await post(w, xml, s.cookie);
    expect(res.status).toBe(303);
    // A member of this organization alone lands in the app (test/sso/sso-app-session.test.ts); the SSO page stays.
    expect(res.headers.get("location")).toBe(`/o/${w.orgId}`);
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/quire_session=qs_[0-9a-f]{64}; Max-Age=43200; Path=\/; HttpOnly; Secure; SameSite=Lax/);
    const [user] = await db.select().from(users).where(eq(users.email, who));
    expect(user.displayName).toBe("Grace H");
    const [member] = await db
      .select()
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, w.orgId), eq(organizationMembers.userId, user.id)));
    expect(member).toMatchObject({ role: "edit", sso: true });
    const teams = await db.select().from(teamMembers).where(eq(teamMembers.userId, user.id));
    expect(teams.map((t) => t.teamId)).toEqual([w.teamId]);
    const members = await api("GET", `/orgs/${w.orgId}/members/${user.id}`, { token: w.adminToken });
    expect(members.json.sso).toBe(true);

    // The signed-in page, then a token shown once that works on the API.
    const cookie = `quire_session=${sessionCookie(res)}`;
    const page = await workerFetch(`${ORIGIN}/sso/session`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain(who);
    expect(text).toContain("Corp");
    const made = await workerFetch(`${ORIGIN}/sso/session/tokens`, {
      method: "POST",
      headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: "label=laptop",
    });
    expect(made.status).toBe(200);
    const token = /<code id="token">([^<]+)<\/code>/.exec(await made.text())?.[1] ?? "";
    const me = await api("GET", "/user", { token });
    expect(me.status).toBe(200);
    expect(me.json.email).toBe(who);

    // A form from another site is refused; sign-out revokes the session server-side.
    const forged = await workerFetch(`${ORIGIN}/sso/session/tokens`, {
      method: "POST",
      headers: { cookie, origin: "https://evil.test", "content-type": "application/x-www-form-urlencoded" },
      body: "label=x",
    });
    expect(forged.status).toBe(403);
    const out = await workerFetch(`${ORIGIN}/sso/session/logout`, {
      method: "POST",
      headers: { cookie, origin: ORIGIN },
    });
    expect(out.status).toBe(200);
    expect((await workerFetch(`${ORIGIN}/sso/session`, { headers: { cookie } })).status).toBe(401);
  });

  it("IdP-initiated (no InResponseTo): signs in an existing member, keeping their role", async () => {
    const member = await seedUser("existing");
    await db
      .insert(organizationMembers)
      .values({ organizationId: w.orgId, userId: member.user.id, role: "admin", joinedAt: 1 });
    const { xml } = await signedAssertion(w, { nameId: member.user.email.toUpperCase() });
    const res = await post(w, xml);
    expect(res.status).toBe(303);
    expect(sessionCookie(res)).toBeDefined();
    const [row] = await db
      .select()
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, w.orgId), eq(organizationMembers.userId, member.user.id)));
    expect(row).toMatchObject({ role: "admin", sso: true });
  });

  it("reads the email from an attribute when the NameID is not one, ignoring structured attribute values", async () => {
    const who = email("attr");
    const { xml } = await signedAssertion(w, {
      nameId: "00u1persistent",
      attributes: {
        "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress": who,
        groups: "<saml:Group>x</saml:Group>",
      },
    });
    expect((await post(w, xml)).status).toBe(303);
    expect(await db.select().from(users).where(eq(users.email, who))).toHaveLength(1);
  });

  it("accepts a response that starts with an XML declaration", async () => {
    const { xml } = await signedAssertion(w);
    const res = await post(w, `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`);
    expect(res.status).toBe(303);
  });

  it("accepts a signature over the whole Response", async () => {
    const responseId = `_r${crypto.randomUUID().replaceAll("-", "")}`;
    const xml = samlResponseXml({
      idpEntityId: IDP,
      audience: w.entityId,
      acsUrl: w.acs,
      nameId: email("resp"),
      responseId,
    });
    const res = await post(w, await signXml(xml, w.idp, responseId));
    expect(res.status).toBe(303);
  });
});

describe("organizations are boundaries", () => {
  it("another organization's provider cannot use this one's ACS, and its IdP cannot sign in B's people", async () => {
    const b = await makeWorld("Other");
    // A response made for organization B's provider, posted to A's ACS: wrong key, audience and recipient.
    const forB = await signedAssertion(b);
    await refusedWithoutSession(w, await post(w, forB.xml), /does not verify/);

    // B's IdP asserts the email of a member of A who belongs to no organization of B: refused, A's member untouched.
    const aMember = await seedUser("a-member");
    await db
      .insert(organizationMembers)
      .values({ organizationId: w.orgId, userId: aMember.user.id, role: "admin", joinedAt: 1 });
    const { xml } = await signedAssertion(b, { nameId: aMember.user.email });
    const res = await post(b, xml);
    await refusedWithoutSession(b, res, /not a member of this organization/);
    const inB = await db
      .select()
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, b.orgId), eq(organizationMembers.userId, aMember.user.id)));
    expect(inB).toEqual([]);
    const sessions = await db.select().from(ssoSessions).where(eq(ssoSessions.userId, aMember.user.id));
    expect(sessions).toEqual([]);
  });

  it("an existing account that belongs to no organization is not taken over by an IdP", async () => {
    const loner = await seedUser("loner");
    const { xml } = await signedAssertion(w, { nameId: loner.user.email });
    await refusedWithoutSession(w, await post(w, xml), /not a member of this organization/);
    const rows = await db.select().from(organizationMembers).where(eq(organizationMembers.userId, loner.user.id));
    expect(rows).toEqual([]);
  });

  it("a session vouches for its organization only: no token for a member of other organizations", async () => {
    const both = await seedUser("both");
    const other = await seedOrganization("Elsewhere");
    await db.insert(organizationMembers).values([
      { organizationId: w.orgId, userId: both.user.id, role: "read", joinedAt: 1 },
      { organizationId: other.organization.id, userId: both.user.id, role: "admin", joinedAt: 1 },
    ]);
    const { xml } = await signedAssertion(w, { nameId: both.user.email });
    const res = await post(w, xml);
    expect(res.status).toBe(303);
    const cookie = `quire_session=${sessionCookie(res)}`;
    const page = await (await workerFetch(`${ORIGIN}/sso/session`, { headers: { cookie } })).text();
    expect(page).not.toContain("Elsewhere");
    const made = await workerFetch(`${ORIGIN}/sso/session/tokens`, {
      method: "POST",
      headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: "label=x",
    });
    expect(made.status).toBe(403);
  });
});

describe("the per-address limiter", () => {
  it("counts the sign-in pages like the other anonymous surfaces (429 past it)", async () => {
    const refusing = { limit: async () => ({ success: false }) } as unknown as RateLimit;
    for (const [method, url] of [
      ["GET", w.entityId],
      ["GET", w.start],
      ["POST", w.acs],
      ["GET", `${ORIGIN}/sso/session`],
    ]) {
      const res = await createApp().request(
        url,
        { method, headers: { "cf-connecting-ip": "192.0.2.9" } },
        { ...env, IP_RATE_LIMITER: refusing },
      );
      expect(res.status, url).toBe(429);
      expect(res.headers.get("retry-after")).toBe("60");
    }
  });
});
