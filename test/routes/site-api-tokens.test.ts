import { env } from "cloudflare:workers";
import { decodeJwt, SignJWT } from "jose";
import { beforeEach, describe, expect, it } from "vitest";
import { siteTokenPasses } from "../../src/lib/isolate-caches";
import { adaptiveSite } from "../helpers/adaptive";
import { changeRequestWith } from "../helpers/content";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { api, client, ORIGIN } from "../helpers/http";
import { seedMember, seedOrganization } from "../helpers/seed";

// Site API tokens (issue 30, part 1) and the revision-pinned reads GitBook Open makes with them (part 2):
// resolvePublishedContentByUrl mints the token; it reads its own site's published content, and nothing else.

type Lookup = { apiToken: string; revision: string; space: string; siteSpace: string; page?: string };

/** A site with "Guide" > "Setup" (a table) and "Code", plus a private space in the same organization. */
async function seedSite(visibility: "public" | "share-link" = "public") {
  const { organization, owner } = await seedOrganization("Token docs");
  const gb = client(owner.token);
  const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Handbook" });
  const first = await changeRequestWith(owner.token, space.id, [
    { operation: "insert_page", ref: "guide", title: "Guide", document: { markdown: "Start here." } },
    {
      operation: "insert_page",
      into: "guide",
      title: "Setup",
      document: { markdown: "| Step | Do |\n| --- | --- |\n| 1 | Install |\n" },
    },
    { operation: "insert_page", title: "Code", document: { markdown: "```js\nconsole.log(1);\n```\n" } },
  ]);
  await gb.spaces.mergeChangeRequest(space.id, first.cr.id);
  const { data: site } = await gb.orgs.createSite(organization.id, {
    title: "Docs",
    visibility,
    spaces: [space.id],
  } as never);
  await gb.orgs.publishSite(organization.id, site.id);
  const { data: hidden } = await gb.orgs.createSpace(organization.id, { title: "Internal" });
  return { organization, owner, gb, space, site, pages: first.pages, hidden };
}

async function lookup(url: string, visitor?: { jwtToken?: string; unsignedClaims?: Record<string, unknown> }) {
  const { data } = await currentClient().urls.resolvePublishedContentByUrl({ url, ...(visitor ? { visitor } : {}) });
  expectCurrentShape("PublishedSiteContentLookup", data);
  return data as unknown as Lookup;
}

const bearer = (token: string) => ({ token });

describe("site API tokens", () => {
  // What a token's use found is kept for 5 s in the isolate; these tests change the site in between.
  beforeEach(() => (siteTokenPasses.store as Map<string, unknown>).clear());

  it("resolvePublishedContentByUrl mints a JWT with the reference's SiteAPIToken claims", async () => {
    const { organization, site, space } = await seedSite();
    const found = await lookup(`${ORIGIN}/~site/${site.id}/guide/setup`);
    const claims = decodeJwt(found.apiToken);
    expectCurrentShape("SiteAPIToken", claims);
    expect(claims).toMatchObject({
      kind: "site",
      organization: organization.id,
      site: site.id,
      siteSpace: found.siteSpace,
      space: space.id,
      spaces: [space.id],
      claims: {},
    });
    expect(claims.siteSection).toBeUndefined();
    const now = Date.now() / 1000;
    expect(claims.exp!).toBeGreaterThan(now + 3500);
    expect(claims.exp!).toBeLessThanOrEqual(now + 3601);
  });

  it("reads the site's published content by revision, as GitBook Open does", async () => {
    const { organization, site, space, pages } = await seedSite();
    const found = await lookup(`${ORIGIN}/~site/${site.id}/guide/setup`);
    const gb = currentClient(found.apiToken);
    // (Its shape against 0.202 is current-shapes.test.ts's: a listed page can only match 0.202 with a body.)
    const revision = await gb.spaces.getRevisionById(space.id, found.revision, { metadata: true });
    expect(revision.data.id).toBe(found.revision);
    const markdown = await api(
      "GET",
      `/spaces/${space.id}/revisions/${found.revision}/page/${pages[1]}?format=markdown&format.markdown.refs=stable`,
      bearer(found.apiToken),
    );
    expect(markdown.status).toBe(200);
    expect(markdown.json.markdown).toContain("| 1 | Install |");
    const document = await gb.spaces.getPageDocumentInRevisionById(space.id, found.revision, pages[1]!, {
      evaluated: "deterministic-only",
      dereferenced: "reusable-contents",
    } as never);
    expect(JSON.stringify(document.data)).toContain("Install");
    const byPath = await gb.spaces.getPageInRevisionByPath(space.id, found.revision, "guide/setup");
    expect(byPath.data.id).toBe(pages[1]);
    const meta = await gb.spaces.listRevisionPageMetaLinks(space.id, found.revision, pages[1]!);
    expect(meta.status).toBe(200);
    const reusable = await api(
      "GET",
      `/spaces/${space.id}/revisions/${found.revision}/reusable-contents/none/document`,
      bearer(found.apiToken),
    );
    expect([reusable.status, reusable.json.error.message]).toEqual([404, expect.stringMatching(/reusable/i)]);
    const embed = await gb.spaces.getEmbedByUrlInSpace(space.id, { url: `${env.FIXTURE_ORIGIN}/embed/og.html` });
    expect(embed.status).toBe(200);
    expect((await gb.spaces.getSpaceById(space.id)).data.id).toBe(space.id);
    const published = await gb.orgs.getPublishedContentSite(organization.id, site.id, {
      siteShareKey: undefined,
    } as never);
    expect(published.status).toBe(200);
    for (const path of [
      `/orgs/${organization.id}/sites/${site.id}/site-spaces`,
      `/orgs/${organization.id}/sites/${site.id}/structure`,
      `/spaces/${space.id}/search?query=install`,
      `/spaces/${space.id}/content`,
    ]) {
      expect([path, (await api("GET", path, bearer(found.apiToken))).status]).toEqual([path, 200]);
    }
  });

  it("reads nothing else: another site, an unpublished space, another organization, a change request", async () => {
    const { organization, owner, gb, site, space, hidden } = await seedSite();
    const other = await seedSite();
    // Another public site of the same organization.
    const { data: sibling } = await gb.orgs.createSpace(organization.id, { title: "Sibling" });
    const { data: siblingSite } = await gb.orgs.createSite(organization.id, {
      title: "Sibling",
      visibility: "public",
      spaces: [sibling.id],
    } as never);
    await gb.orgs.publishSite(organization.id, siblingSite.id);
    const draft = await changeRequestWith(owner.token, space.id, [
      { operation: "insert_page", title: "Draft", document: { markdown: "Not yet." } },
    ]);
    const { data: draftCr } = await gb.spaces.getChangeRequestById(space.id, draft.cr.id);
    const { apiToken } = await lookup(`${ORIGIN}/~site/${site.id}`);
    const token = bearer(apiToken);
    for (const path of [
      `/spaces/${sibling.id}`,
      `/spaces/${hidden.id}`,
      `/spaces/${other.space.id}`,
      `/spaces/${other.space.id}/content`,
      `/spaces/${sibling.id}/revisions/${(await gb.spaces.getCurrentRevision(sibling.id)).data.id}`,
      `/orgs/${organization.id}/sites/${siblingSite.id}/published`,
      `/orgs/${other.organization.id}/sites/${other.site.id}/published`,
      `/orgs/${organization.id}/sites/${siblingSite.id}/site-spaces`,
      `/orgs/${organization.id}/sites/${siblingSite.id}/structure`,
      `/spaces/${sibling.id}/search?query=start`,
    ]) {
      const res = await api("GET", path, token);
      expect([path, res.status]).toEqual([path, 404]);
      // The same reads without any token: the public ones answer, so the 404s are the token's bounds.
    }
    expect((await api("GET", `/spaces/${sibling.id}`)).status).toBe(200);
    const search = (siteId: string) =>
      api("POST", `/orgs/${organization.id}/sites/${siteId}/search`, { ...token, body: { query: "start" } });
    expect((await search(siblingSite.id)).status).toBe(404);
    expect((await search(site.id)).status).toBe(200);
    // A change request's revision is no published content: 404 to the token, readable by the member.
    const crRevision = `/spaces/${space.id}/revisions/${draftCr.revision}`;
    expect((await api("GET", crRevision, token)).status).toBe(404);
    expect((await api("GET", crRevision)).status).toBe(404);
    expect((await api("GET", crRevision, bearer(owner.token))).status).toBe(200);
    const outsider = await seedOrganization("Outsiders");
    expect((await api("GET", crRevision, bearer(outsider.owner.token))).status).toBe(404);
    expect((await api("GET", `/spaces/${space.id}/revisions/${draftCr.revisionInitial}`, token)).status).toBe(200);
    // Member-only operations: 403, whatever they would read.
    expect((await api("GET", `/orgs/${organization.id}/members`, token)).status).toBe(403);
    expect((await api("GET", `/spaces/${space.id}/change-requests`, token)).status).toBe(403);
  });

  it("never writes", async () => {
    const { organization, site, space } = await seedSite();
    const { apiToken } = await lookup(`${ORIGIN}/~site/${site.id}`);
    const token = bearer(apiToken);
    const writes: [string, string, unknown][] = [
      ["POST", `/spaces/${space.id}/change-requests`, { subject: "x" }],
      ["PATCH", `/spaces/${space.id}`, { title: "Taken" }],
      ["DELETE", `/spaces/${space.id}`, undefined],
      ["POST", `/orgs/${organization.id}/sites/${site.id}/unpublish`, undefined],
      ["PUT", `/orgs/${organization.id}/storage/upload/abc?expires=1&signature=x`, "bytes"],
    ];
    for (const [method, path, body] of writes) {
      const res = await api(method, path, { ...token, ...(body === undefined ? {} : { body }) });
      expect([method, path, res.status]).toEqual([method, path, 403]);
    }
    expect((await currentClient().spaces.getSpaceById(space.id)).data.title).toBe("Handbook");
  });

  it("is refused when forged, tampered with or signed by another key (401)", async () => {
    const { site, space } = await seedSite();
    const { apiToken } = await lookup(`${ORIGIN}/~site/${site.id}`);
    const [header, payload, signature] = apiToken.split(".");
    const widened = btoa(JSON.stringify({ ...decodeJwt(apiToken), spaces: ["x", space.id] })).replace(/=+$/, "");
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT(decodeJwt(apiToken))
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode("not the deployment's secret"));
    for (const bad of [`${header}.${widened}.${signature}`, `${header}.${payload}.${signature}x`, forged]) {
      const res = await api("GET", `/spaces/${space.id}`, bearer(bad));
      expect(res.status).toBe(401);
      expect(res.json.error.message).toMatch(/site API token/);
    }
    expect(payload).toBeTruthy();
  });

  it("stops reading once the site is unpublished or made private to a share link", async () => {
    const { organization, gb, site, space } = await seedSite();
    const { apiToken, revision } = await lookup(`${ORIGIN}/~site/${site.id}`);
    const read = () => api("GET", `/spaces/${space.id}/revisions/${revision}`, bearer(apiToken));
    expect((await read()).status).toBe(200);
    await gb.orgs.updateSiteById(organization.id, site.id, { visibility: "share-link" } as never);
    siteTokenPasses.store.clear();
    expect((await read()).status).toBe(404);
    await gb.orgs.updateSiteById(organization.id, site.id, { visibility: "public" } as never);
    siteTokenPasses.store.clear();
    expect((await read()).status).toBe(200);
    await gb.orgs.unpublishSite(organization.id, site.id);
    siteTokenPasses.store.clear();
    expect((await read()).status).toBe(404);
  });

  it("on a share-link site: minted only with the key, and dead once the link is revoked", async () => {
    const { organization, gb, site, space } = await seedSite("share-link");
    expect((await api("POST", "/urls/published", { body: { url: `${ORIGIN}/~site/${site.id}` } })).status).toBe(401);
    const { data: link } = await gb.orgs.createSiteShareLink(organization.id, site.id, { name: "Partners" });
    const shareKey = new URL(link.urls.published!).searchParams.get("share")!;
    const { apiToken, revision } = await lookup(`${ORIGIN}/~site/${site.id}?share=${shareKey}`);
    const read = () => api("GET", `/spaces/${space.id}/revisions/${revision}`, bearer(apiToken));
    expect((await read()).status).toBe(200);
    // Without the token the space is closed: the share link's pass is what the token carries.
    expect((await api("GET", `/spaces/${space.id}/revisions/${revision}`)).status).toBe(401);
    await gb.orgs.updateSiteShareLinkById(organization.id, site.id, link.id, { active: false });
    siteTokenPasses.store.clear();
    expect((await read()).status).toBe(404);
  });

  it("on an adaptive site: the claims decide the spaces, and hidden sections stay closed", async () => {
    const site = await adaptiveSite("visitor-auth");
    const base = `${ORIGIN}/~site/${site.site.id}`;
    const plain = await lookup(base, { jwtToken: await site.token({ plan: "free" }) });
    const plainClaims = decodeJwt(plain.apiToken);
    expect(plainClaims).toMatchObject({ siteSection: site.guideSection.id, claims: { plan: "free" } });
    expect(plainClaims.spaces).toEqual([site.guide.id]);
    const visitorToken = await site.token({ plan: "pro", beta: true }, 300);
    const pro = await lookup(base, { jwtToken: visitorToken });
    const proClaims = decodeJwt(pro.apiToken);
    expect([...(proClaims.spaces as string[])].sort()).toEqual([site.guide.id, site.pro.id, site.beta.id].sort());
    // Never past the visitor JWT that opened the site.
    expect(proClaims.exp).toBeLessThanOrEqual(decodeJwt(visitorToken).exp!);
    const readSpace = (token: string, spaceId: string) => api("GET", `/spaces/${spaceId}`, bearer(token));
    expect((await readSpace(plain.apiToken, site.guide.id)).status).toBe(200);
    expect((await readSpace(plain.apiToken, site.beta.id)).status).toBe(404);
    expect((await readSpace(plain.apiToken, site.pro.id)).status).toBe(404);
    expect((await readSpace(pro.apiToken, site.beta.id)).status).toBe(200);
    // A condition changed after minting: the token follows the site as it is now.
    await site.gb.orgs.updateSiteSectionById(site.organization.id, site.site.id, site.betaSection.id, {
      condition: 'visitor.claims.plan == "enterprise"',
    });
    siteTokenPasses.store.clear();
    expect((await readSpace(pro.apiToken, site.beta.id)).status).toBe(404);
    expect((await readSpace(pro.apiToken, site.pro.id)).status).toBe(200);
  });

  it("members and anonymous readers keep their own access to revisions", async () => {
    const { organization, gb, space, hidden } = await seedSite();
    const { data: current } = await gb.spaces.getCurrentRevision(space.id);
    // Anonymously: a public space's revisions read; a private space's are closed (401).
    expect((await api("GET", `/spaces/${space.id}/revisions/${current.id}`)).status).toBe(200);
    const { data: hiddenRevision } = await gb.spaces.getCurrentRevision(hidden.id);
    expect((await api("GET", `/spaces/${hidden.id}/revisions/${hiddenRevision.id}`)).status).toBe(401);
    const reader = await seedMember(organization.id, "read", "reader");
    expect((await api("GET", `/spaces/${hidden.id}/revisions/${hiddenRevision.id}`, bearer(reader.token))).status).toBe(
      200,
    );
  });
});
