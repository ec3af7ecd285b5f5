import { eq } from "drizzle-orm";
import { inflateSync } from "fflate";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { organizationMembers, ssoSessions, users } from "../../src/db/schema";
import { api, client, ORIGIN, workerFetch } from "../helpers/http";
import { acsForm } from "../helpers/saml";
import { email, makeWorld, signedAssertion, startSignIn, type World } from "../helpers/saml-world";
import { mergePages, page } from "../helpers/search";
import { db } from "../helpers/seed";

/*
 * Issue 32 part 3: a visitor-auth site behind one of its organization's SAML providers. The site's start sends the
 * visitor to the IdP with a relay state naming the site's sign-in; the ACS verifies the response as for members
 * but makes no member and no session, and hands the attributes back to the site's callback with a one-time code
 * only the browser that started can redeem.
 */

async function samlSite(w: World) {
  const gb = client(w.adminToken);
  const { data: space } = await gb.orgs.createSpace(w.orgId, { title: "Guide" });
  await mergePages(w.adminToken, space.id, [page("a", "Wombat care", "Wombats dig burrows.\n")]);
  const { data: site } = await gb.orgs.createSite(w.orgId, {
    title: "Private",
    visibility: "visitor-auth",
    spaces: [space.id],
  } as never);
  await gb.orgs.publishSite(w.orgId, site.id);
  const res = await api("PATCH", `/orgs/${w.orgId}/sites/${site.id}/publishing/auth`, {
    token: w.adminToken,
    body: { backend: "custom", identityProvider: { type: "saml", provider: w.providerId } },
  });
  expect(res.status, res.text).toBe(200);
  return site;
}

const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;
const get = (url: string, cookie?: string) =>
  workerFetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });

/** The site's start: the AuthnRequest (its ID), the relay state and the site's sign-in cookie. */
async function start(siteId: string) {
  const res = await get(`${ORIGIN}/~site/${siteId}/~auth/start?location=%2F`);
  expect(res.status, await res.clone().text()).toBe(302);
  const location = new URL(res.headers.get("location")!);
  const request = new TextDecoder().decode(
    inflateSync(Uint8Array.from(atob(location.searchParams.get("SAMLRequest") ?? ""), (c) => c.charCodeAt(0))),
  );
  return {
    location,
    id: /ID="([^"]+)"/.exec(request)![1]!,
    relayState: location.searchParams.get("RelayState")!,
    cookie: cookiePair(res.headers.getSetCookie()[0]!),
  };
}

const postAcs = (w: World, xml: string, relayState?: string, cookie?: string) =>
  workerFetch(w.acs, {
    method: "POST",
    body: acsForm(xml, relayState),
    headers: cookie ? { cookie } : {},
    redirect: "manual",
  });

describe("a visitor-auth site behind the organization's SAML provider", () => {
  it("signs a visitor in to the site without making them a member or opening a session", async () => {
    const w = await makeWorld("SiteSaml");
    const site = await samlSite(w);
    const first = await get(`${ORIGIN}/~site/${site.id}/`);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(`/~site/${site.id}/~auth/start?location=%2F`);

    const started = await start(site.id);
    expect(started.location.origin + started.location.pathname).toBe("https://idp.corp.test/sso");
    expect(started.relayState).toMatch(/^site:/);
    const visitor = email("visitor");
    const { xml } = await signedAssertion(w, {
      nameId: visitor,
      inResponseTo: started.id,
      attributes: { plan: "pro", displayName: "Vera" },
    });
    const acs = await postAcs(w, xml, started.relayState);
    expect(acs.status, await acs.clone().text()).toBe(303);
    expect(acs.headers.get("set-cookie") ?? "").not.toContain("quire_session");
    const back = new URL(acs.headers.get("location")!);
    expect(back.origin + back.pathname).toBe(`${ORIGIN}/~site/${site.id}/~auth/callback`);
    expect(back.searchParams.get("code")).toBeTruthy();

    // Another browser (no cookie, or another sign-in's) cannot redeem the code.
    expect((await get(back.toString())).status).toBe(403);
    expect((await get(back.toString(), (await start(site.id)).cookie)).status).toBe(403);
    const callback = await get(back.toString(), started.cookie);
    expect(callback.status).toBe(200);
    const cookie = callback.headers.getSetCookie().find((c) => c.startsWith(`quire_visitor_${site.id}=`))!;
    const claims = decodeJwt(cookiePair(cookie).split("=")[1]!);
    expect(claims).toMatchObject({ sub: visitor, email: visitor, name: "Vera", plan: "pro" });
    expect(claims.exp! - claims.iat!).toBe(12 * 3600);
    expect((await get(`${ORIGIN}/~site/${site.id}/`, cookiePair(cookie))).status).toBe(200);
    // Used once.
    expect((await get(back.toString(), started.cookie)).status).toBe(403);

    // Nobody became a member, and no session was opened.
    const [user] = await db.select().from(users).where(eq(users.email, visitor));
    expect(user).toBeUndefined();
    const members = await db.select().from(organizationMembers).where(eq(organizationMembers.organizationId, w.orgId));
    expect(members.length).toBe(1);
    const sessions = await db.select().from(ssoSessions).where(eq(ssoSessions.organizationId, w.orgId));
    expect(sessions).toEqual([]);
  });

  it("refuses an IdP-initiated response, a member sign-in's response, a replayed assertion and an unsigned one", async () => {
    const w = await makeWorld("SiteSamlRefusals");
    const site = await samlSite(w);
    // IdP-initiated (no InResponseTo) for a site sign-in.
    const a = await start(site.id);
    const unsolicited = await signedAssertion(w, { nameId: email("x") });
    const res1 = await postAcs(w, unsolicited.xml, a.relayState);
    expect(res1.status).toBe(403);
    expect(await res1.text()).toContain("InResponseTo");
    // A member sign-in's request answered with a site's relay state (and the other way round).
    const b = await start(site.id);
    const member = await startSignIn(w);
    const crossed = await signedAssertion(w, { nameId: email("y"), inResponseTo: member.id });
    expect((await postAcs(w, crossed.xml, b.relayState, member.cookie)).status).toBe(403);
    const c = await start(site.id);
    const siteAnswer = await signedAssertion(w, { nameId: email("z"), inResponseTo: c.id });
    const asMember = await postAcs(w, siteAnswer.xml, undefined, member.cookie);
    expect(asMember.status).toBe(403);
    expect(asMember.headers.get("set-cookie") ?? "").not.toContain("quire_session");
    // Replayed: the same assertion again, for a fresh sign-in.
    const d = await start(site.id);
    const once = await signedAssertion(w, { nameId: email("r"), inResponseTo: d.id });
    expect((await postAcs(w, once.xml, d.relayState)).status).toBe(303);
    const e = await start(site.id);
    expect((await postAcs(w, once.xml, e.relayState)).status).toBe(403);
    // Unsigned.
    const f = await start(site.id);
    const { samlResponseXml } = await import("../helpers/saml");
    const unsigned = samlResponseXml({
      idpEntityId: "https://idp.corp.test/metadata",
      audience: w.entityId,
      acsUrl: w.acs,
      nameId: email("u"),
      inResponseTo: f.id,
    });
    expect((await postAcs(w, unsigned, f.relayState)).status).toBeGreaterThanOrEqual(400);
    // A relay state that names nothing.
    expect((await postAcs(w, once.xml, "site:nothing")).status).toBe(403);
  });
});
