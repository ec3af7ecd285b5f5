import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { changeRequestWith } from "../helpers/content";
import { api, client, clientError, workerFetch } from "../helpers/http";
import { seedMember, seedOrganization } from "../helpers/seed";

/** A space with one page "Getting started" (body mentions "quokka") published on a new, unpublished site. */
async function publishedSpace(visibility: "public" | "unlisted" | "share-link" | "visitor-auth") {
  const { organization, owner } = await seedOrganization("Publisher");
  const gb = client(owner.token);
  const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Guide" });
  const { cr, pages } = await changeRequestWith(owner.token, space.id, [
    { operation: "insert_page", title: "Getting started", document: { markdown: "The quokka smiles." } },
  ]);
  await gb.spaces.mergeChangeRequest(space.id, cr.id);
  const { data: site } = await gb.orgs.createSite(organization.id, {
    title: "Docs",
    visibility,
    spaces: [space.id],
  } as never);
  return { organization, owner, gb, space, site, pageId: pages[0]! };
}

/** What an anonymous caller gets from the space, page and search reads, with these extra headers. */
async function anonymousReads(spaceId: string, pageId: string, headers: Record<string, string> = {}, query = "") {
  const statuses = await Promise.all([
    api("GET", `/spaces/${spaceId}${query}`, { headers }),
    api("GET", `/spaces/${spaceId}/content/pages`, { headers }),
    api("GET", `/spaces/${spaceId}/content/page/${pageId}`, { headers }),
    api("GET", `/spaces/${spaceId}/search?query=quokka`, { headers }),
    api("GET", `/spaces/${spaceId}/content`, { headers }),
  ]);
  return statuses.map((r) => r.status);
}

/** The share key a link's published URL carries (also its Quire `key` field). */
function keyOf(link: { urls: { published?: string } }) {
  const key = new URL(link.urls.published!).searchParams.get("share")!;
  expect((link as unknown as { key: string }).key).toBe(key);
  return key;
}

const OPEN = [200, 200, 200, 200, 200];
const CLOSED = [401, 401, 401, 401, 401];

describe("visibility follows publishing", () => {
  it("a public site opens its spaces to anyone once published, and closes them when unpublished", async () => {
    const { organization, gb, space, site, pageId } = await publishedSpace("public");
    expect(await anonymousReads(space.id, pageId)).toEqual(CLOSED);
    expect((await gb.spaces.getSpaceById(space.id)).data.visibility).toBe("private");

    await gb.orgs.publishSite(organization.id, site.id);
    const shown = (await gb.spaces.getSpaceById(space.id)).data;
    expect(shown.visibility).toBe("public");
    // Where the renderer serves it: the site's default site space is the site's root.
    expect(shown.urls).toMatchObject({
      published: `https://api.quire.test/~site/${site.id}`,
      public: `https://api.quire.test/~site/${site.id}`,
    });
    expect(await anonymousReads(space.id, pageId)).toEqual(OPEN);
    const search = await api("GET", `/spaces/${space.id}/search?query=quokka`);
    expect(search.json.items[0].title).toBe("Getting started");
    // Anonymous readers read; they never edit.
    expect((await client().spaces.getSpaceById(space.id)).data.permissions).toMatchObject({ view: true, edit: false });

    // An outsider (a user of another organization) reads it too.
    const other = await seedOrganization("Elsewhere");
    expect((await client(other.owner.token).spaces.getSpaceById(space.id)).status).toBe(200);

    await gb.orgs.unpublishSite(organization.id, site.id);
    expect(await anonymousReads(space.id, pageId)).toEqual(CLOSED);
    expect((await gb.spaces.getSpaceById(space.id)).data.urls.published).toBeUndefined();
    expect((await clientError(client(other.owner.token).spaces.getSpaceById(space.id))).code).toBe(404);

    // Publish again, then take the space off the site: closed again.
    await gb.orgs.publishSite(organization.id, site.id);
    expect(await anonymousReads(space.id, pageId)).toEqual(OPEN);
    const siteSpace = (await gb.orgs.listSiteSpaces(organization.id, site.id)).data.items[0]!;
    await gb.orgs.deleteSiteSpaceById(organization.id, site.id, siteSpace.id);
    expect((await gb.spaces.getSpaceById(space.id)).data.visibility).toBe("private");
    expect(await anonymousReads(space.id, pageId)).toEqual(CLOSED);
  });

  it("the most open published site wins; deleting a site or changing its visibility recomputes", async () => {
    const { organization, gb, space, site, pageId } = await publishedSpace("unlisted");
    await gb.orgs.publishSite(organization.id, site.id);
    expect((await gb.spaces.getSpaceById(space.id)).data.visibility).toBe("unlisted");
    expect(await anonymousReads(space.id, pageId)).toEqual(OPEN);

    const { data: second } = await gb.orgs.createSite(organization.id, {
      title: "Public",
      visibility: "public",
      spaces: [space.id],
    } as never);
    await gb.orgs.publishSite(organization.id, second.id);
    expect((await gb.spaces.getSpaceById(space.id)).data.visibility).toBe("public");

    await gb.orgs.deleteSiteById(organization.id, second.id);
    expect((await gb.spaces.getSpaceById(space.id)).data.visibility).toBe("unlisted");
    await gb.orgs.updateSiteById(organization.id, site.id, { visibility: "share-link" } as never);
    expect((await gb.spaces.getSpaceById(space.id)).data.visibility).toBe("share-link");
    expect(await anonymousReads(space.id, pageId)).toEqual(CLOSED);
  });

  it("share-link sites open with an active share key, by query or header; a revoked key stops at once", async () => {
    const { organization, gb, space, site, pageId } = await publishedSpace("share-link");
    await gb.orgs.publishSite(organization.id, site.id);
    const { data: link } = await gb.orgs.createSiteShareLink(organization.id, site.id, { name: "Partners" });
    const key = keyOf(link);
    expect(link.urls.published).toContain(`/~site/${site.id}/?share=${key}`);

    expect(await anonymousReads(space.id, pageId)).toEqual(CLOSED);
    expect(await anonymousReads(space.id, pageId, { "x-quire-share-key": "wrong" })).toEqual(CLOSED);
    expect(await anonymousReads(space.id, pageId, { "x-quire-share-key": key })).toEqual(OPEN);
    const viaClient = await client().spaces.getSpaceById(space.id, { shareKey: key });
    expect(viaClient.data.id).toBe(space.id);

    // Another site's key opens nothing here.
    const other = await publishedSpace("share-link");
    await other.gb.orgs.publishSite(other.organization.id, other.site.id);
    const otherLink = (await other.gb.orgs.createSiteShareLink(other.organization.id, other.site.id, { name: "x" }))
      .data;
    expect(await anonymousReads(space.id, pageId, { "x-quire-share-key": keyOf(otherLink) })).toEqual(CLOSED);

    await gb.orgs.updateSiteShareLinkById(organization.id, site.id, link.id, { active: false });
    expect(await anonymousReads(space.id, pageId, { "x-quire-share-key": key })).toEqual(CLOSED);
    await gb.orgs.updateSiteShareLinkById(organization.id, site.id, link.id, { active: true });
    expect(await anonymousReads(space.id, pageId, { "x-quire-share-key": key })).toEqual(OPEN);
    await gb.orgs.deleteSiteShareLinkById(organization.id, site.id, link.id);
    expect(await anonymousReads(space.id, pageId, { "x-quire-share-key": key })).toEqual(CLOSED);
  });

  it("visitor-auth sites open with a visitor JWT signed by the site's key; expired, foreign or old keys do not", async () => {
    const { organization, gb, space, site, pageId } = await publishedSpace("visitor-auth");
    await gb.orgs.publishSite(organization.id, site.id);
    const { data: auth } = await gb.orgs.getSitePublishingAuthById(organization.id, site.id);
    expect(auth).toMatchObject({ object: "publishing-auth", backend: "custom" });
    const sign = (key: string, expiresIn = "1h") =>
      new SignJWT({ plan: "pro" })
        .setProtectedHeader({ alg: "HS256" })
        .setExpirationTime(expiresIn)
        .sign(new TextEncoder().encode(key));
    const header = (token: string) => ({ "x-quire-visitor-token": token });

    expect(await anonymousReads(space.id, pageId)).toEqual(CLOSED);
    expect(await anonymousReads(space.id, pageId, header(await sign(auth.privateKey)))).toEqual(OPEN);
    expect(await anonymousReads(space.id, pageId, header(await sign(auth.privateKey, "-1m")))).toEqual(CLOSED);
    expect(await anonymousReads(space.id, pageId, header("not.a.jwt"))).toEqual(CLOSED);

    const other = await publishedSpace("visitor-auth");
    await other.gb.orgs.publishSite(other.organization.id, other.site.id);
    const otherKey = (await other.gb.orgs.getSitePublishingAuthById(other.organization.id, other.site.id)).data;
    expect(await anonymousReads(space.id, pageId, header(await sign(otherKey.privateKey)))).toEqual(CLOSED);

    const before = await sign(auth.privateKey);
    const { data: regenerated } = await gb.orgs.regenerateSitePublishingAuthById(organization.id, site.id);
    expect(regenerated.privateKey).not.toBe(auth.privateKey);
    expect(await anonymousReads(space.id, pageId, header(before))).toEqual(CLOSED);
    expect(await anonymousReads(space.id, pageId, header(await sign(regenerated.privateKey)))).toEqual(OPEN);

    // A share key does not open a visitor-auth site.
    const { data: link } = await gb.orgs.createSiteShareLink(organization.id, site.id, { name: "x" });
    expect(await anonymousReads(space.id, pageId, { "x-quire-share-key": keyOf(link) })).toEqual(CLOSED);
  });

  it("members keep their own access; writes stay closed to anonymous callers of public spaces", async () => {
    const { organization, gb, space, site } = await publishedSpace("public");
    await gb.orgs.publishSite(organization.id, site.id);
    const reader = await seedMember(organization.id, "read");
    expect((await client(reader.token).spaces.getSpaceById(space.id)).data.permissions).toMatchObject({
      view: true,
      edit: false,
    });
    expect((await gb.spaces.getSpaceById(space.id)).data.permissions).toMatchObject({ edit: true });
    expect((await api("PATCH", `/spaces/${space.id}`, { body: { title: "Hacked" } })).status).toBe(401);
    expect((await api("POST", `/spaces/${space.id}/change-requests`, { body: {} })).status).toBe(401);
  });
});

describe("share links and publishing auth", () => {
  it("lists, renames and validates share links; only `create` and up manage them", async () => {
    const { organization, gb, site } = await publishedSpace("share-link");
    const created = await gb.orgs.createSiteShareLink(organization.id, site.id, { name: "A" });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ object: "share-link", name: "A", active: true });
    await gb.orgs.createSiteShareLink(organization.id, site.id, { name: "B" });
    const first = await gb.orgs.listSiteShareLinks(organization.id, site.id, { limit: 1 });
    expect(first.data.items.map((l) => l.name)).toEqual(["A"]);
    expect(first.data.count).toBe(2);
    const next = await gb.orgs.listSiteShareLinks(organization.id, site.id, { page: first.data.next!.page });
    expect(next.data.items.map((l) => l.name)).toEqual(["B"]);
    const renamed = await gb.orgs.updateSiteShareLinkById(organization.id, site.id, created.data.id, { name: "AA" });
    expect(renamed.data.name).toBe("AA");

    const tooLong = await api("POST", `/orgs/${organization.id}/sites/${site.id}/share-links`, {
      token: (await seedMember(organization.id, "admin")).token,
      body: { name: "x".repeat(51) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.error.message).toMatch(/name/);

    const editor = await seedMember(organization.id, "edit");
    expect((await clientError(client(editor.token).orgs.listSiteShareLinks(organization.id, site.id))).code).toBe(403);
    const outsider = await seedOrganization("Other");
    expect(
      (await clientError(client(outsider.owner.token).orgs.listSiteShareLinks(organization.id, site.id))).code,
    ).toBe(404);
    expect((await gb.orgs.deleteSiteShareLinkById(organization.id, site.id, created.data.id)).status).toBe(205);
    expect((await gb.orgs.deleteSiteShareLinkById(organization.id, site.id, created.data.id)).status).toBe(204);
    expect(
      (await clientError(gb.orgs.updateSiteShareLinkById(organization.id, site.id, created.data.id, { name: "x" })))
        .code,
    ).toBe(404);
  });

  it("publishing auth: stable key until regenerated, backend and fallback URL updates, 400s", async () => {
    const { organization, gb, site } = await publishedSpace("visitor-auth");
    const first = (await gb.orgs.getSitePublishingAuthById(organization.id, site.id)).data;
    expect((await gb.orgs.getSitePublishingAuthById(organization.id, site.id)).data.privateKey).toBe(first.privateKey);
    const updated = await gb.orgs.updateSitePublishingAuthById(organization.id, site.id, {
      backend: "integration",
      fallbackURL: "https://example.com/login",
    });
    expect(updated.data).toMatchObject({ backend: "integration", fallbackURL: "https://example.com/login" });
    expect(updated.data.privateKey).toBe(first.privateKey);
    const cleared = await gb.orgs.updateSitePublishingAuthById(organization.id, site.id, {
      backend: "custom",
      fallbackURL: null,
    } as never);
    expect(cleared.data.fallbackURL).toBeUndefined();
    const path = `/orgs/${organization.id}/sites/${site.id}/publishing/auth`;
    const token = (await seedMember(organization.id, "admin")).token;
    expect((await api("PATCH", path, { token, body: { backend: "magic" } })).json.error.message).toMatch(/backend/);
    expect(
      (await api("PATCH", path, { token, body: { backend: "custom", fallbackURL: "javascript:alert(1)" } })).status,
    ).toBe(400);
    const reader = await seedMember(organization.id, "read");
    expect((await api("GET", path, { token: reader.token })).status).toBe(403);
  });
});

describe("the published experience", () => {
  it("getPublishedContentSite, structure and site spaces: members always, visitors once published to them", async () => {
    const { organization, owner, gb, space, site } = await publishedSpace("share-link");
    const published = await gb.orgs.getPublishedContentSite(organization.id, site.id);
    expect(published.data).toMatchObject({
      object: "published-content-site",
      site: { id: site.id, published: false },
      structure: { type: "siteSpaces", structure: [{ space: { id: space.id } }] },
      customizations: { site: { styling: { theme: "clean" } } },
      scripts: [],
    });
    const siteSpaceId = published.data.structure.structure[0]!.id;
    expect(Object.keys(published.data.customizations.siteSpaces)).toEqual([siteSpaceId]);

    const anonymous = client();
    const paths = [
      `/orgs/${organization.id}/sites/${site.id}/published`,
      `/orgs/${organization.id}/sites/${site.id}/structure`,
      `/orgs/${organization.id}/sites/${site.id}/site-spaces`,
      `/orgs/${organization.id}/sites/${site.id}/sections`,
    ];
    const statuses = async (opts: { token?: string; headers?: Record<string, string> } = {}, query = "") =>
      Promise.all(paths.map(async (path) => (await api("GET", `${path}${query}`, opts)).status));
    expect(await statuses()).toEqual([401, 401, 401, 401]);
    const outsider = await seedOrganization("Outside");
    expect(await statuses({ token: outsider.owner.token })).toEqual([404, 404, 404, 404]);

    const { data: link } = await gb.orgs.createSiteShareLink(organization.id, site.id, { name: "Readers" });
    // Unpublished: the key opens nothing yet.
    expect(await statuses({}, `?shareKey=${keyOf(link)}`)).toEqual([401, 401, 401, 401]);
    await gb.orgs.publishSite(organization.id, site.id);
    expect(await statuses({})).toEqual([401, 401, 401, 401]);
    expect(await statuses({}, `?shareKey=${keyOf(link)}`)).toEqual([200, 200, 200, 200]);
    expect(await statuses({ headers: { "x-quire-share-key": keyOf(link) } })).toEqual([200, 200, 200, 200]);
    const seen = await anonymous.orgs.getPublishedContentSite(organization.id, site.id, { shareKey: keyOf(link) });
    expect(seen.data.structure.structure[0]).toMatchObject({ space: { id: space.id } });
    // The visitor reads; the management operations stay closed to them.
    expect((await api("GET", `/orgs/${organization.id}/sites/${site.id}?shareKey=${keyOf(link)}`)).status).toBe(401);

    await gb.orgs.updateSiteById(organization.id, site.id, { visibility: "public" } as never);
    expect(await statuses()).toEqual([200, 200, 200, 200]);
    expect(await statuses({ token: outsider.owner.token })).toEqual([200, 200, 200, 200]);
    expect(
      (
        await client(outsider.owner.token)
          .orgs.getSiteById(organization.id, site.id)
          .catch((e) => e)
      ).code,
    ).toBe(404);

    await gb.orgs.updateSiteById(organization.id, site.id, { visibility: "visitor-auth" } as never);
    const { data: auth } = await gb.orgs.getSitePublishingAuthById(organization.id, site.id);
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode(auth.privateKey));
    expect(await statuses()).toEqual([401, 401, 401, 401]);
    expect(await statuses({ headers: { "x-quire-visitor-token": jwt } })).toEqual([200, 200, 200, 200]);
    expect(owner.token).toBeTruthy();
  });

  it("listPermissionsAggregateInSite lists members at their organization role, for site managers", async () => {
    const { organization, owner, gb, site } = await publishedSpace("public");
    const reader = await seedMember(organization.id, "read");
    const { data } = await gb.orgs.listPermissionsAggregateInSite(organization.id, site.id);
    const byUser = new Map(data.items.map((p) => [p.user.id, p]));
    expect(byUser.get(owner.user.id)).toMatchObject({
      permission: "admin",
      origin: { type: "organization", organization: organization.id },
    });
    expect(byUser.get(reader.user.id)?.permission).toBe("read");
    expect(data.items.map((p) => p.user.id)).toEqual([...data.items.map((p) => p.user.id)].sort());
    expect(
      (await clientError(client(reader.token).orgs.listPermissionsAggregateInSite(organization.id, site.id))).code,
    ).toBe(403);
  });
});

describe("deleting what a site holds", () => {
  it("a deleted space leaves the site's structure and its published pages; restoring brings it back", async () => {
    const { organization, gb, space, site, pageId } = await publishedSpace("public");
    await gb.orgs.publishSite(organization.id, site.id);
    expect(await anonymousReads(space.id, pageId)).toEqual(OPEN);
    await gb.spaces.deleteSpaceById(space.id);
    expect((await gb.orgs.listSiteSpaces(organization.id, site.id)).data.items).toEqual([]);
    expect((await api("GET", `/spaces/${space.id}`)).status).toBe(401);
    const page = await workerFetch(`https://api.quire.test/~site/${site.id}/getting-started`);
    expect(page.status).toBe(404);
    await gb.spaces.restoreSpace(space.id);
    expect((await gb.orgs.listSiteSpaces(organization.id, site.id)).data.items.map((s) => s.space.id)).toEqual([
      space.id,
    ]);
    expect(await anonymousReads(space.id, pageId)).toEqual(OPEN);
  });
});
