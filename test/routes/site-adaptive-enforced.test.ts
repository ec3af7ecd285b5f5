import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { adaptiveSite } from "../helpers/adaptive";
import { api, ORIGIN } from "../helpers/http";
import { seedMember } from "../helpers/seed";

type Site = Awaited<ReturnType<typeof adaptiveSite>>;

const visitorHeader = (token: string) => ({ "x-quire-visitor-token": token });
const sitePath = (s: Site, rest = "") => `/orgs/${s.organization.id}/sites/${s.site.id}${rest}`;

/** Every `condition` field anywhere in a JSON answer. */
function conditionsIn(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(conditionsIn);
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, v]) => (key === "condition" ? [v] : conditionsIn(v)));
  }
  return [];
}

/** Ids of every site space and section in a structure (or list) answer. */
function idsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(idsIn);
  if (value && typeof value === "object") {
    const o = value as { object?: string; id?: string };
    const own = o.object === "site-space" || o.object === "site-section" ? [o.id!] : [];
    return [...own, ...Object.values(value).flatMap(idsIn)];
  }
  return [];
}

/** What a caller with `headers` (and `token`) reads of the site's published experience. */
async function experience(s: Site, opts: { headers?: Record<string, string>; token?: string }) {
  const [siteSpaces, sections, structure, published] = await Promise.all(
    ["/site-spaces", "/sections", "/structure", "/published"].map((rest) => api("GET", sitePath(s, rest), opts)),
  );
  for (const res of [siteSpaces, sections, structure, published]) expect(res!.status).toBe(200);
  return {
    siteSpaces: siteSpaces!.json,
    sections: sections!.json,
    structure: structure!.json,
    published: published!.json,
  };
}

const search = (s: Site, query: string, headers: Record<string, string>, scope?: unknown) =>
  api("POST", sitePath(s, "/search"), { body: { query, ...(scope ? { scope } : {}) }, headers });

describe("adaptive content through the API (visitor-auth site)", () => {
  it("a visitor's claims decide which spaces the visitor pass opens", async () => {
    const s = await adaptiveSite();
    const none = visitorHeader(await s.token({}));
    const all = visitorHeader(await s.token({ beta: true, plan: "pro" }));
    const read = (spaceId: string, headers: Record<string, string>) =>
      api("GET", `/spaces/${spaceId}`, { headers }).then((r) => r.status);
    expect(await read(s.guide.id, none)).toBe(200);
    // Hidden by its section's condition, and by its site space's own.
    expect(await read(s.beta.id, none)).toBe(401);
    expect(await read(s.pro.id, none)).toBe(401);
    expect(await read(s.beta.id, visitorHeader(await s.token({ beta: true })))).toBe(200);
    expect(await read(s.pro.id, visitorHeader(await s.token({ plan: "free" })))).toBe(401);
    expect(await read(s.beta.id, all)).toBe(200);
    expect(await read(s.pro.id, all)).toBe(200);
    // Pages of a hidden space too.
    expect((await api("GET", `/spaces/${s.beta.id}/content/pages`, { headers: none })).status).toBe(401);
  });

  it("listSiteSpaces, listSiteSections, getSiteStructure and getPublishedContentSite omit what is hidden, and conditions", async () => {
    const s = await adaptiveSite();
    const none = await experience(s, { headers: visitorHeader(await s.token({})) });
    const hidden = [s.betaSection.id, s.betaSiteSpaceId, s.proSiteSpace.id];
    for (const answer of Object.values(none)) {
      const ids = idsIn(answer);
      for (const id of hidden) expect(ids, JSON.stringify(answer)).not.toContain(id);
      expect(conditionsIn(answer)).toEqual([]);
      expect(JSON.stringify(answer)).not.toContain("Beta");
    }
    expect(idsIn(none.structure)).toContain(s.guideSection.id);
    expect(Object.keys(none.published.customizations.siteSpaces)).not.toContain(s.proSiteSpace.id);
    expect(Object.keys(none.published.customizations.siteSpaces)).not.toContain(s.betaSiteSpaceId);

    // A visitor whose claims show everything sees everything, still without condition text.
    const all = await experience(s, { headers: visitorHeader(await s.token({ beta: true, plan: "pro" })) });
    for (const answer of Object.values(all)) {
      expect(conditionsIn(answer)).toEqual([]);
    }
    for (const id of hidden) expect(idsIn(all.structure)).toContain(id);
    expect(idsIn(all.siteSpaces)).toContain(s.proSiteSpace.id);
  });

  it("shows condition text to site managers only; plain readers see the whole structure without it", async () => {
    const s = await adaptiveSite();
    const manager = await experience(s, { token: s.owner.token });
    expect(conditionsIn(manager.siteSpaces)).toEqual([s.proCondition]);
    expect(conditionsIn(manager.sections).sort()).toEqual([s.betaCondition, s.proCondition].sort());
    expect(conditionsIn(manager.structure).sort()).toEqual([s.betaCondition, s.proCondition].sort());
    const creator = await seedMember(s.organization.id, "create");
    expect(conditionsIn((await experience(s, { token: creator.token })).structure)).toHaveLength(2);
    for (const role of ["read", "edit"] as const) {
      const member = await seedMember(s.organization.id, role);
      const seen = await experience(s, { token: member.token });
      for (const answer of Object.values(seen)) expect(conditionsIn(answer)).toEqual([]);
      expect(idsIn(seen.structure)).toContain(s.betaSiteSpaceId);
      expect(idsIn(seen.structure)).toContain(s.proSiteSpace.id);
      const groups = await api("GET", sitePath(s, "/section-groups"), { token: member.token });
      expect(conditionsIn(groups.json)).toEqual([]);
    }
  });

  it("searchSiteContent finds nothing of a hidden site space, and a scope naming one is refused", async () => {
    const s = await adaptiveSite();
    const none = visitorHeader(await s.token({}));
    const all = visitorHeader(await s.token({ beta: true, plan: "pro" }));
    for (const word of ["numbatbeta", "quokkapro"]) {
      const hidden = await search(s, word, none, { mode: "all" });
      expect(hidden.status).toBe(200);
      expect(hidden.json.items).toEqual([]);
      const shown = await search(s, word, all, { mode: "all" });
      expect(shown.json.items.length).toBe(1);
    }
    expect((await search(s, "wombat", none)).json.items.map((i: { id: string }) => i.id)).toEqual([s.guide.id]);
    const named = await search(s, "quokkapro", none, { mode: "specific", siteSpaceIds: [s.proSiteSpace.id] });
    expect(named.status).toBe(400);
    // Members search the whole site.
    const owner = await api("POST", sitePath(s, "/search"), {
      token: s.owner.token,
      body: { query: "numbatbeta", scope: { mode: "all" } },
    });
    expect(owner.json.items.length).toBe(1);
  });

  it("getSiteRedirectBySource answers 404 when the redirect's target is hidden", async () => {
    const s = await adaptiveSite();
    const redirect = (headers: Record<string, string>) =>
      api("GET", sitePath(s, "/redirect?source=%2Fold-beta"), { headers });
    expect((await redirect(visitorHeader(await s.token({})))).status).toBe(404);
    const shown = await redirect(visitorHeader(await s.token({ beta: true })));
    expect(shown.status).toBe(200);
    expect(shown.json.target).toContain(s.betaSection.path);
  });

  it("a hidden site space's URL does not resolve to it", async () => {
    const s = await adaptiveSite();
    const url = `${ORIGIN}/~site/${s.site.id}/${s.proSiteSpace.path}/pro-tips`;
    const resolve = async (claims: Record<string, unknown>) =>
      api("POST", "/urls/published", { body: { url, visitor: { jwtToken: await s.token(claims) } } });
    // Hidden: the path is only an unknown path of a site space the visitor sees (no page, not the hidden one).
    const hiddenFrom = (answer: { status: number; json: Record<string, unknown> }) => {
      expect(answer.status).toBe(200);
      expect(answer.json.siteSpace).not.toBe(s.proSiteSpace.id);
      expect(answer.json.space).not.toBe(s.pro.id);
      expect(answer.json.page).toBeUndefined();
      expect(answer.json.pathname).toBe(`${s.proSiteSpace.path}/pro-tips`);
    };
    hiddenFrom(await resolve({}));
    hiddenFrom(await resolve({ plan: "free" }));
    const shown = await resolve({ plan: "pro" });
    expect(shown.status).toBe(200);
    expect(shown.json).toMatchObject({ space: s.pro.id, siteSpace: s.proSiteSpace.id, pathname: "pro-tips" });
    expect(shown.json.page).toEqual(expect.any(String));
    const viaQuery = await api(
      "GET",
      `/urls/published?url=${encodeURIComponent(url)}&visitorAuthToken=${await s.token({})}`,
    );
    hiddenFrom(viaQuery);
    // A redirect to a site space of a hidden section does not lead there either.
    const redirected = async (claims: Record<string, unknown>) =>
      api("POST", "/urls/published", {
        body: { url: `${ORIGIN}/~site/${s.site.id}/old-beta`, visitor: { jwtToken: await s.token(claims) } },
      });
    const notRedirected = await redirected({});
    expect(notRedirected.json).toMatchObject({ pathname: "old-beta" });
    expect(notRedirected.json.target).toBeUndefined();
    expect(notRedirected.json.space).not.toBe(s.beta.id);
    expect((await redirected({ beta: true })).json).toMatchObject({ target: "content" });
  });
});

describe("adaptive content through the API (share-link and public sites)", () => {
  it("a share key opens only what conditions show without claims", async () => {
    const s = await adaptiveSite("share-link");
    const { data: link } = await s.gb.orgs.createSiteShareLink(s.organization.id, s.site.id, { name: "x" });
    const key = new URL(link.urls.published!).searchParams.get("share")!;
    const headers = { "x-quire-share-key": key };
    expect((await api("GET", `/spaces/${s.guide.id}`, { headers })).status).toBe(200);
    expect((await api("GET", `/spaces/${s.beta.id}`, { headers })).status).toBe(401);
    expect((await api("GET", `/spaces/${s.pro.id}`, { headers })).status).toBe(401);
    const seen = await experience(s, { headers });
    expect(idsIn(seen.structure)).not.toContain(s.betaSiteSpaceId);
    expect(conditionsIn(seen.structure)).toEqual([]);
  });

  it("anonymous readers of a public site get neither hidden items nor condition text", async () => {
    const s = await adaptiveSite("public");
    const seen = await experience(s, {});
    for (const answer of Object.values(seen)) {
      expect(conditionsIn(answer)).toEqual([]);
      for (const id of [s.betaSection.id, s.betaSiteSpaceId, s.proSiteSpace.id])
        expect(idsIn(answer)).not.toContain(id);
    }
    expect((await search(s, "numbatbeta", {}, { mode: "all" })).json.items).toEqual([]);
    expect((await api("GET", sitePath(s, "/redirect?source=%2Fold-beta"))).status).toBe(404);
  });
});

describe("visitor JWT lifetimes", () => {
  it("refuses tokens without exp or living more than 24 hours", async () => {
    const s = await adaptiveSite();
    const key = new TextEncoder().encode(s.privateKey);
    const now = Math.floor(Date.now() / 1000);
    const read = async (token: string) =>
      (await api("GET", `/spaces/${s.guide.id}`, { headers: visitorHeader(token) })).status;
    expect(await read(await s.token({}))).toBe(200);
    expect(await read(await s.token({}, 23 * 3600))).toBe(200);
    expect(await read(await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).sign(key))).toBe(401);
    expect(await read(await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setIssuedAt().sign(key))).toBe(401);
    expect(await read(await s.token({}, 48 * 3600))).toBe(401);
    // Without iat, the lifetime runs from now.
    const noIat = (seconds: number) =>
      new SignJWT({})
        .setProtectedHeader({ alg: "HS256" })
        .setExpirationTime(now + seconds)
        .sign(key);
    expect(await read(await noIat(3600))).toBe(200);
    expect(await read(await noIat(48 * 3600))).toBe(401);
    // Issued an hour ago for 48 hours; issued "in the future" to look short: both refused.
    const issued = (iat: number, exp: number) =>
      new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setIssuedAt(iat).setExpirationTime(exp).sign(key);
    expect(await read(await issued(now - 3600, now + 47 * 3600))).toBe(401);
    expect(await read(await issued(now + 47 * 3600, now + 48 * 3600))).toBe(401);
    // Other reads of the published experience refuse them too.
    const forever = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).sign(key);
    expect((await api("GET", sitePath(s, "/structure"), { headers: visitorHeader(forever) })).status).toBe(401);
    const url = `${ORIGIN}/~site/${s.site.id}`;
    expect((await api("POST", "/urls/published", { body: { url, visitor: { jwtToken: forever } } })).status).toBe(401);
  });
});
