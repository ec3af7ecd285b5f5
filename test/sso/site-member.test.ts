import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { client, ORIGIN, workerFetch } from "../helpers/http";
import { email, makeWorld, post, sessionCookie, signedAssertion, type World } from "../helpers/saml-world";
import { mergePages, page } from "../helpers/search";

/*
 * Issue 32 part 3: members signed in to their organization through SSO (a `quire_session` on the API origin) read
 * its visitor-auth sites: the site's start (`via=member`) goes by the API origin, which hands the member back to
 * the site's callback with a one-time code.
 */

async function privateSite(w: World) {
  const gb = client(w.adminToken);
  const { data: space } = await gb.orgs.createSpace(w.orgId, { title: "Handbook" });
  await mergePages(w.adminToken, space.id, [page("a", "Staff only", "Numbat rota.\n")]);
  const { data: site } = await gb.orgs.createSite(w.orgId, {
    title: "Handbook",
    visibility: "visitor-auth",
    spaces: [space.id],
  } as never);
  await gb.orgs.publishSite(w.orgId, site.id);
  return site;
}

/** A member signed in through the world's IdP (IdP-initiated): their session cookie. */
async function memberSession(w: World) {
  const address = email("member");
  const { xml } = await signedAssertion(w, { nameId: address });
  const res = await post(w, xml);
  expect(res.status).toBeLessThan(400);
  return { cookie: `quire_session=${sessionCookie(res)}`, address };
}

const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;
const get = (url: string, cookie?: string) =>
  workerFetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });

async function start(siteId: string) {
  const res = await get(`${ORIGIN}/~site/${siteId}/~auth/start?via=member&location=%2F`);
  expect(res.status, await res.clone().text()).toBe(302);
  return { handoff: res.headers.get("location")!, cookie: cookiePair(res.headers.getSetCookie()[0]!) };
}

describe("members with an SSO session read their organization's visitor-auth sites", () => {
  it("hands a signed-in member to the site, with claims saying they are a member", async () => {
    const w = await makeWorld("Members");
    const site = await privateSite(w);
    const member = await memberSession(w);
    // A visitor-auth site without an identity provider is still closed to anyone else.
    const closed = await get(`${ORIGIN}/~site/${site.id}/`);
    expect(closed.status).toBe(401);
    expect(await closed.text()).toContain(`/~site/${site.id}/~auth/start?via=member`);

    const started = await start(site.id);
    expect(started.handoff).toMatch(new RegExp(`^${ORIGIN}/sso/site-member\\?relay=`));
    const handoff = await get(started.handoff, member.cookie);
    expect(handoff.status, await handoff.clone().text()).toBe(302);
    const back = handoff.headers.get("location")!;
    expect(back).toMatch(new RegExp(`^${ORIGIN}/~site/${site.id}/~auth/callback\\?code=`));
    // Only the browser that started redeems the code, once.
    expect((await get(back)).status).toBe(403);
    const callback = await get(back, started.cookie);
    expect(callback.status).toBe(200);
    const cookie = callback.headers.getSetCookie().find((c) => c.startsWith(`quire_visitor_${site.id}=`))!;
    const claims = decodeJwt(cookiePair(cookie).split("=")[1]!);
    expect(claims).toMatchObject({ email: member.address, member: true, role: "edit" });
    const home = await get(`${ORIGIN}/~site/${site.id}/`, cookiePair(cookie));
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Staff only");
    expect((await get(back, started.cookie)).status).toBe(403);
    // The relay is used once.
    expect((await get(started.handoff, member.cookie)).status).toBe(403);
  });

  it("refuses a browser without a session, and a member of another organization", async () => {
    const w = await makeWorld("MembersA");
    const other = await makeWorld("MembersB");
    const site = await privateSite(w);
    const stranger = await memberSession(other);
    const none = await get((await start(site.id)).handoff);
    expect(none.status).toBe(403);
    expect(await none.text()).toContain("not signed in");
    const elsewhere = await get((await start(site.id)).handoff, stranger.cookie);
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.text()).toContain("another organization");
    expect(elsewhere.headers.get("location")).toBeNull();
    expect((await get(`${ORIGIN}/sso/site-member?relay=nothing`)).status).toBe(403);
  });
});
