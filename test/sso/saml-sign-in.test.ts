import { inflateSync } from "fflate";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { organizationMembers, ssoRefusals, ssoSessions, teamMembers, users } from "../../src/db/schema";
import { api, ORIGIN, workerFetch } from "../helpers/http";
import { acsForm, makeTestIdp, samlResponseXml, signXml, type TestIdp } from "../helpers/saml";
import { db, seedOrganization, seedUser } from "../helpers/seed";

const IDP = "https://idp.corp.test/metadata";

interface World {
  orgId: string;
  adminToken: string;
  providerId: string;
  idp: TestIdp;
  acs: string;
  entityId: string;
  start: string;
  teamId: string;
}

async function makeWorld(title = "Corp"): Promise<World> {
  const { organization, owner } = await seedOrganization(title);
  const idp = await makeTestIdp();
  const team = await api("PUT", `/orgs/${organization.id}/teams`, {
    token: owner.token,
    body: { title: "SSO people" },
  });
  expect(team.status).toBeLessThan(300);
  const created = await api("POST", `/orgs/${organization.id}/saml`, {
    token: owner.token,
    body: {
      label: "Corp IdP",
      entityID: IDP,
      ssoURL: "https://idp.corp.test/sso",
      certificate: idp.pem,
      defaultRole: "edit",
      defaultTeam: team.json.id,
    },
  });
  expect(created.status).toBe(201);
  const service = created.json.service;
  return {
    orgId: organization.id,
    adminToken: owner.token,
    providerId: created.json.id,
    idp,
    acs: service.acsURL,
    entityId: service.entityID,
    start: service.startURL,
    teamId: team.json.id,
  };
}

const email = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@corp.test`;

async function post(w: World, xml: string, cookie?: string) {
  return workerFetch(w.acs, {
    method: "POST",
    body: acsForm(xml),
    headers: cookie ? { cookie } : {},
    redirect: "manual",
  });
}

/** SP-initiated: the start redirect, its AuthnRequest's ID and the browser cookie. */
async function startSignIn(w: World) {
  const res = await workerFetch(w.start, { redirect: "manual" });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("location") ?? "");
  const request = new TextDecoder().decode(
    inflateSync(Uint8Array.from(atob(location.searchParams.get("SAMLRequest") ?? ""), (c) => c.charCodeAt(0))),
  );
  const id = /ID="([^"]+)"/.exec(request)?.[1] ?? "";
  const setCookie = res.headers.get("set-cookie") ?? "";
  return { location, request, id, setCookie, cookie: setCookie.split(";")[0] };
}

const sessionCookie = (res: Response) => /quire_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];

async function signedAssertion(w: World, fields: Partial<Parameters<typeof samlResponseXml>[0]> = {}) {
  const assertionId = fields.assertionId ?? `_a${crypto.randomUUID().replaceAll("-", "")}`;
  const xml = samlResponseXml({
    idpEntityId: IDP,
    audience: w.entityId,
    acsUrl: w.acs,
    nameId: email("ada"),
    ...fields,
    assertionId,
  });
  return { xml: await signXml(xml, w.idp, assertionId), assertionId };
}

async function refusedWithoutSession(w: World, res: Response, reason: RegExp) {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(sessionCookie(res)).toBeUndefined();
  const page = await res.text();
  expect(page).toContain("Sign-in refused");
  expect(page).toMatch(reason);
  const rows = await db.select().from(ssoRefusals).where(eq(ssoRefusals.providerId, w.providerId));
  expect(rows.some((r) => reason.test(r.reason))).toBe(true);
}

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
    expect(res.headers.get("location")).toBe("/sso/session");
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

describe("ACS refusal matrix (4xx, a plain page, the reason recorded, no session)", () => {
  it("unsigned", async () => {
    const xml = samlResponseXml({ idpEntityId: IDP, audience: w.entityId, acsUrl: w.acs, nameId: email("u") });
    await refusedWithoutSession(w, await post(w, xml), /not signed/);
  });

  it("signed with another key (even with that key's certificate embedded)", async () => {
    const other = await makeTestIdp("Mallory");
    const id = "_wrongkey";
    const xml = samlResponseXml({
      idpEntityId: IDP,
      audience: w.entityId,
      acsUrl: w.acs,
      nameId: email("k"),
      assertionId: id,
    });
    await refusedWithoutSession(w, await post(w, await signXml(xml, other, id)), /does not verify/);
  });

  it("tampered after signing", async () => {
    const { xml } = await signedAssertion(w, { nameId: "victim@corp.test" });
    await refusedWithoutSession(
      w,
      await post(w, xml.replace("victim@corp.test", "admin@corp.test")),
      /does not verify/,
    );
  });

  it("wrapping: a signed assertion plus an injected unsigned one", async () => {
    const { xml } = await signedAssertion(w);
    const evil = samlResponseXml({
      idpEntityId: IDP,
      audience: w.entityId,
      acsUrl: w.acs,
      nameId: "admin@corp.test",
      assertionId: "_evil",
    });
    const injected = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(evil)?.[0] ?? "";
    const wrapped = xml.replace("<saml:Assertion ", `${injected}<saml:Assertion `);
    await refusedWithoutSession(w, await post(w, wrapped), /exactly one assertion/);
  });

  it("wrapping: the signed assertion moved into an Extensions element, an unsigned one in its place", async () => {
    const { xml, assertionId } = await signedAssertion(w);
    const signed = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)?.[0] ?? "";
    const evil = samlResponseXml({
      idpEntityId: IDP,
      audience: w.entityId,
      acsUrl: w.acs,
      nameId: "admin@corp.test",
      assertionId: "_evil2",
    });
    const unsigned = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(evil)?.[0] ?? "";
    const moved = xml.replace(signed, `<samlp:Extensions>${signed}</samlp:Extensions>${unsigned}`);
    expect(moved).toContain(assertionId);
    await refusedWithoutSession(w, await post(w, moved), /exactly one assertion/);
  });

  it("wrapping: the signature's reference points at another element than the one read", async () => {
    const responseId = `_r${crypto.randomUUID().replaceAll("-", "")}`;
    const xml = samlResponseXml({
      idpEntityId: IDP,
      audience: w.entityId,
      acsUrl: w.acs,
      nameId: email("w"),
      responseId,
    });
    const signedResponse = await signXml(xml, w.idp, responseId);
    // The Response's signature moved into the Assertion: it verifies, but covers another element than its parent.
    const sig = /<ds:Signature[\s\S]*<\/ds:Signature>/.exec(signedResponse)?.[0] ?? "";
    expect(sig).not.toBe("");
    const moved = signedResponse
      .replace(sig, "")
      .replace(/(<saml:Assertion [^>]*><saml:Issuer>[^<]*<\/saml:Issuer>)/, `$1${sig}`);
    await refusedWithoutSession(w, await post(w, moved), /does not cover the element read/);
  });

  it("a comment injected into the NameID", async () => {
    const { xml } = await signedAssertion(w, { nameId: "admin@corp.test.evil.test" });
    const commented = xml.replace("admin@corp.test.evil.test", "admin@corp.test<!---->.evil.test");
    await refusedWithoutSession(w, await post(w, commented), /comments/);
  });

  it("a processing instruction inside the signed assertion", async () => {
    const { xml } = await signedAssertion(w);
    const withPi = xml.replace("<saml:Subject>", "<saml:Subject><?evil x?>");
    await refusedWithoutSession(w, await post(w, withPi), /processing instructions/);
  });

  it("a document type declaration (entities)", async () => {
    const { xml } = await signedAssertion(w);
    await refusedWithoutSession(w, await post(w, `<!DOCTYPE r [<!ENTITY x "y">]>${xml}`), /document type/);
  });

  it("expired", async () => {
    const now = Date.now();
    const { xml } = await signedAssertion(w, { notBefore: now - 20 * 60_000, notOnOrAfter: now - 4 * 60_000 });
    await refusedWithoutSession(w, await post(w, xml), /expired/);
  });

  it("not yet valid (beyond 3 minutes of skew)", async () => {
    const now = Date.now();
    const { xml } = await signedAssertion(w, { notBefore: now + 4 * 60_000, notOnOrAfter: now + 10 * 60_000 });
    await refusedWithoutSession(w, await post(w, xml), /not yet valid/);
  });

  it("within the skew is accepted", async () => {
    const now = Date.now();
    const { xml } = await signedAssertion(w, { notBefore: now + 2 * 60_000, notOnOrAfter: now + 10 * 60_000 });
    expect((await post(w, xml)).status).toBe(303);
  });

  it("wrong audience", async () => {
    const { xml } = await signedAssertion(w, { audience: "https://other-sp.test/metadata" });
    await refusedWithoutSession(w, await post(w, xml), /wrong Audience/);
  });

  it("wrong recipient", async () => {
    const { xml } = await signedAssertion(w, { recipient: "https://other-sp.test/acs" });
    await refusedWithoutSession(w, await post(w, xml), /wrong Recipient/);
  });

  it("wrong destination", async () => {
    const { xml } = await signedAssertion(w, { destination: "https://other-sp.test/acs" });
    await refusedWithoutSession(w, await post(w, xml), /wrong Destination/);
  });

  it("wrong issuer", async () => {
    const { xml } = await signedAssertion(w, { idpEntityId: "https://other-idp.test" });
    await refusedWithoutSession(w, await post(w, xml), /wrong Issuer/);
  });

  it("unknown InResponseTo", async () => {
    const { xml } = await signedAssertion(w, { inResponseTo: "_neverissued" });
    await refusedWithoutSession(w, await post(w, xml), /InResponseTo/);
  });

  it("InResponseTo of a request another browser started", async () => {
    const s = await startSignIn(w);
    const { xml } = await signedAssertion(w, { inResponseTo: s.id });
    await refusedWithoutSession(w, await post(w, xml, "quire_saml_request=somebody-else"), /InResponseTo/);
  });

  it("an already used InResponseTo", async () => {
    const s = await startSignIn(w);
    const first = await signedAssertion(w, { inResponseTo: s.id });
    expect((await post(w, first.xml, s.cookie)).status).toBe(303);
    const second = await signedAssertion(w, { inResponseTo: s.id });
    await refusedWithoutSession(w, await post(w, second.xml, s.cookie), /InResponseTo/);
  });

  it("a replayed assertion", async () => {
    const { xml } = await signedAssertion(w);
    expect((await post(w, xml)).status).toBe(303);
    await refusedWithoutSession(w, await post(w, xml), /replay/);
  });

  it("a failure status from the IdP", async () => {
    const { xml } = await signedAssertion(w, { status: "urn:oasis:names:tc:SAML:2.0:status:Requester" });
    await refusedWithoutSession(w, await post(w, xml), /reported a failure/);
  });

  it("garbage, an empty form, an unknown provider: 4xx, never a 500", async () => {
    for (const body of ["SAMLResponse=%%%", "SAMLResponse=PHg%2B", "", "SAMLResponse=" + "A".repeat(300_000)]) {
      const res = await workerFetch(w.acs, {
        method: "POST",
        body,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const huge = await workerFetch(w.acs, {
      method: "POST",
      body: `SAMLResponse=${"A".repeat(600_000)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(huge.status).toBe(413);
    const unknown = await workerFetch(`${ORIGIN}/sso/saml/nope/acs`, { method: "POST", body: acsForm("<x/>") });
    expect(unknown.status).toBe(404);
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
