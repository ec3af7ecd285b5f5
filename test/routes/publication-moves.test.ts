import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createOrganization } from "../../src/services/people/organizations";
import { changeRequestWith } from "../helpers/content";
import { api, client, ORIGIN, workerFetch } from "../helpers/http";
import { db, seedOrganization } from "../helpers/seed";

const page = (path: string) => workerFetch(`${ORIGIN}${path}`, { redirect: "manual" });

/** A space of the organization holding one page, "Otter facts" (its body ends with `word`). */
async function spaceWithPage(token: string, organizationId: string, title: string, word: string, parent?: string) {
  const gb = client(token);
  const space = (await gb.orgs.createSpace(organizationId, { title, ...(parent ? { parent } : {}) } as never)).data;
  const { cr, pages } = await changeRequestWith(token, space.id, [
    { operation: "insert_page", title: "Otter facts", document: { markdown: `Otters hold hands by their ${word}.` } },
  ]);
  await gb.spaces.mergeChangeRequest(space.id, cr.id);
  return { space, pageId: pages[0]! };
}

/**
 * Organization A (its owner also owns B) with a published public site showing a moved space first (the site's
 * default, with a customization override) and a staying space second.
 */
async function world(options: { inCollection?: boolean } = {}) {
  const { organization, owner } = await seedOrganization("Old home");
  const other = await createOrganization(db, { title: "New home", ownerId: owner.user.id }, Date.now());
  const gb = client(owner.token);
  const collection = options.inCollection
    ? (await gb.orgs.createCollection(organization.id, { title: "Shelf" })).data
    : undefined;
  const moved = await spaceWithPage(owner.token, organization.id, "Moving", "whiskers", collection?.id);
  const staying = await spaceWithPage(owner.token, organization.id, "Staying", "paws");
  const site = (
    await gb.orgs.createSite(organization.id, {
      title: "Docs",
      visibility: "public",
      spaces: [moved.space.id, staying.space.id],
    } as never)
  ).data;
  await gb.orgs.publishSite(organization.id, site.id);
  const siteSpaces = (await gb.orgs.listSiteSpaces(organization.id, site.id)).data.items;
  const movedSiteSpace = siteSpaces.find((s) => (s.space as { id: string }).id === moved.space.id)!;
  await gb.orgs.overrideSiteSpaceCustomizationById(organization.id, site.id, movedSiteSpace.id, {
    title: "Moving title",
  });
  return { organization, other, owner, gb, collection, moved, staying, site, movedSiteSpace };
}

/** What serves the moved space: the site's root page (its default), and an anonymous API read. */
async function served(w: Awaited<ReturnType<typeof world>>) {
  const home = await page(`/~site/${w.site.id}`);
  const html = home.status === 200 ? await home.text() : "";
  return {
    siteShowsIt: html.includes("whiskers"),
    anonymousRead: (await api("GET", `/spaces/${w.moved.space.id}/content/page/${w.moved.pageId}`)).status,
  };
}

async function siteRows(siteId: string) {
  const spaces = await env.DB.prepare("SELECT space_id AS spaceId FROM site_spaces WHERE site_id = ?")
    .bind(siteId)
    .all<{ spaceId: string }>();
  const overrides = await env.DB.prepare(
    "SELECT count(*) AS n FROM site_customizations WHERE site_id = ? AND site_space_id <> ''",
  )
    .bind(siteId)
    .first<{ n: number }>();
  const site = await env.DB.prepare("SELECT default_site_space_id AS d FROM sites WHERE id = ?")
    .bind(siteId)
    .first<{ d: string | null }>();
  return { spaces: spaces.results.map((r) => r.spaceId), overrides: overrides!.n, defaultSiteSpace: site!.d };
}

describe("moves and copies do not carry publication across", () => {
  it("transferSpace takes the space off the old organization's sites and makes it private", async () => {
    const w = await world();
    expect(await served(w)).toEqual({ siteShowsIt: true, anonymousRead: 200 });
    expect((await w.gb.spaces.getSpaceById(w.moved.space.id)).data.visibility).toBe("public");

    const res = await api("POST", `/spaces/${w.moved.space.id}/transfer`, {
      token: w.owner.token,
      body: { organization: w.other.id },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ organization: w.other.id, visibility: "private" });
    expect(await served(w)).toEqual({ siteShowsIt: false, anonymousRead: 401 });
    const space = (await w.gb.spaces.getSpaceById(w.moved.space.id)).data;
    expect(space.visibility).toBe("private");
    expect(space.urls.published).toBeUndefined();
    // Nothing dangles: the site space, its override and the default pointer (now the staying space's) are gone.
    const rows = await siteRows(w.site.id);
    expect(rows.spaces).toEqual([w.staying.space.id]);
    expect(rows.overrides).toBe(0);
    expect(rows.defaultSiteSpace).not.toBe(w.movedSiteSpace.id);
    expect(rows.defaultSiteSpace).not.toBeNull();
    // The site goes on serving what stayed.
    const home = await page(`/~site/${w.site.id}`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("paws");
  });

  it("transferCollection takes its spaces off the old organization's sites and makes them private", async () => {
    const w = await world({ inCollection: true });
    expect(await served(w)).toEqual({ siteShowsIt: true, anonymousRead: 200 });
    const res = await api("POST", `/collections/${w.collection!.id}/transfer`, {
      token: w.owner.token,
      body: { organization: w.other.id },
    });
    expect(res.status).toBe(200);
    expect(await served(w)).toEqual({ siteShowsIt: false, anonymousRead: 401 });
    expect((await w.gb.spaces.getSpaceById(w.moved.space.id)).data.visibility).toBe("private");
    expect((await siteRows(w.site.id)).spaces).toEqual([w.staying.space.id]);
    // The staying space is still published.
    expect((await w.gb.spaces.getSpaceById(w.staying.space.id)).data.visibility).toBe("public");
  });

  it("a site never serves another organization's space, whatever site space rows were left behind", async () => {
    const w = await world();
    const { data: link } = await w.gb.orgs.createSiteShareLink(w.organization.id, w.site.id, { name: "Partners" });
    // A row left by a transfer made before transfers cleaned up: the space is B's, private, still on A's site.
    await env.DB.prepare("UPDATE spaces SET organization_id = ?, visibility = 'private' WHERE id = ?")
      .bind(w.other.id, w.moved.space.id)
      .run();
    expect((await siteRows(w.site.id)).spaces).toContain(w.moved.space.id);
    expect(await served(w)).toEqual({ siteShowsIt: false, anonymousRead: 401 });
    expect((await page(`/~site/${w.site.id}/moving/otter-facts`)).status).toBe(404);
    expect((await w.gb.spaces.getSpaceById(w.moved.space.id)).data.urls.published).toBeUndefined();
    // Nor does a pass of that site open it (a share-link site's key).
    await w.gb.orgs.updateSiteById(w.organization.id, w.site.id, { visibility: "share-link" } as never);
    const key = (link as unknown as { key: string }).key;
    const read = await api("GET", `/spaces/${w.moved.space.id}/content/page/${w.moved.pageId}?shareKey=${key}`);
    expect(read.status).toBe(401);
    const stays = await api("GET", `/spaces/${w.staying.space.id}/content/page/${w.staying.pageId}?shareKey=${key}`);
    expect(stays.status).toBe(200);
  });

  it("a space's visibility and published URL follow only its own organization's sites", async () => {
    const w = await world();
    await env.DB.prepare("UPDATE spaces SET organization_id = ?, visibility = 'private' WHERE id = ?")
      .bind(w.other.id, w.moved.space.id)
      .run();
    // The new organization puts it on a site: the old one's (public, published, left behind) counts for nothing.
    const theirs = (await w.gb.orgs.createSite(w.other.id, { title: "Theirs", visibility: "unlisted" } as never)).data;
    await w.gb.orgs.addSpaceToSite(w.other.id, theirs.id, { spaceId: w.moved.space.id });
    expect((await w.gb.spaces.getSpaceById(w.moved.space.id)).data.visibility).toBe("private");
    await w.gb.orgs.publishSite(w.other.id, theirs.id);
    const space = (await w.gb.spaces.getSpaceById(w.moved.space.id)).data;
    expect(space.visibility).toBe("unlisted");
    expect(space.urls.published).toBe(`${ORIGIN}/~site/${theirs.id}`);
  });

  it("duplicateSpace gives a private copy of a published space", async () => {
    const w = await world();
    const copy = await api("POST", `/spaces/${w.moved.space.id}/duplicate`, { token: w.owner.token });
    expect(copy.status).toBe(201);
    expect(copy.json.visibility).toBe("private");
    expect((await w.gb.spaces.getSpaceById(copy.json.id)).data.visibility).toBe("private");
    expect((await api("GET", `/spaces/${copy.json.id}/content/page/${w.moved.pageId}`)).status).toBe(401);
    // The source stays published.
    expect((await w.gb.spaces.getSpaceById(w.moved.space.id)).data.visibility).toBe("public");
  });
});
