import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { changeRequestWith, writeContent } from "../helpers/content";
import { api, client, clientError } from "../helpers/http";
import { seedMember, seedOrganization, seedUser } from "../helpers/seed";

/** An organization with a site: a root site space ("guide", pages intro and intro/setup) and a section ("api"). */
async function seedSite() {
  const { organization, owner } = await seedOrganization("Redirected");
  const gb = client(owner.token);
  const guide = (await gb.orgs.createSpace(organization.id, { title: "Guide" })).data;
  const apiSpace = (await gb.orgs.createSpace(organization.id, { title: "API" })).data;
  const edit = await changeRequestWith(owner.token, guide.id, [
    { operation: "insert_page", title: "Intro", document: { markdown: "# Intro\n" } },
  ]);
  const [intro] = edit.pages;
  const nested = await writeContent(owner.token, guide.id, edit.cr.id, [
    { operation: "insert_page", title: "Setup", into: intro, document: { markdown: "# Setup\n" } },
  ]);
  if (nested.status !== 200) throw new Error(`content write failed: ${nested.status} ${nested.text}`);
  const setup = nested.json.changes[0].page.id as string;
  await gb.spaces.mergeChangeRequest(guide.id, edit.cr.id);
  const site = (await gb.orgs.createSite(organization.id, { title: "Docs", spaces: [guide.id] } as never)).data;
  const siteSpace = (await gb.orgs.listSiteSpaces(organization.id, site.id)).data.items[0]!;
  const section = (await gb.orgs.addSectionToSite(organization.id, site.id, { spaceId: apiSpace.id } as never)).data;
  const path = `/orgs/${organization.id}/sites/${site.id}`;
  return { organization, owner, gb, guide, site, siteSpace, section, intro: intro!, setup, path };
}

describe("site redirects", () => {
  it("creates one to each destination kind, lists, resolves by source, updates and deletes", async () => {
    const { organization, owner, gb, site, siteSpace, section, setup, path } = await seedSite();
    const org = organization.id;
    const toSpace = await gb.orgs.createSiteRedirect(org, site.id, {
      source: "/old-guide",
      destination: { kind: "site-space", siteSpaceId: siteSpace.id },
    });
    expect(toSpace.status).toBe(201);
    expect(toSpace.data).toEqual({
      object: "site-redirect",
      id: expect.any(String),
      source: "/old-guide",
      destination: { kind: "site-space", siteSpaceId: siteSpace.id },
    });
    expect(toSpace.headers.get("location")).toMatch(new RegExp(`${path}/redirects/${toSpace.data.id}$`));
    const toSection = (
      await gb.orgs.createSiteRedirect(org, site.id, {
        source: "/old/api%20v1",
        destination: { kind: "site-section", siteSectionId: section.id, extra: "dropped" } as never,
      })
    ).data;
    expect(toSection.destination).toEqual({ kind: "site-section", siteSectionId: section.id });
    const toPage = (
      await gb.orgs.createSiteRedirect(org, site.id, {
        source: "/setup",
        destination: { kind: "site-page", siteSpaceId: siteSpace.id, pageId: setup },
      })
    ).data;

    // Pagination with the keyset cursor: oldest first.
    const first = (await gb.orgs.listSiteRedirects(org, site.id, { limit: 2 })).data;
    expect(first.items.map((r) => r.id)).toEqual([toSpace.data.id, toSection.id]);
    expect(first.count).toBe(3);
    const rest = (await gb.orgs.listSiteRedirects(org, site.id, { limit: 2, page: first.next!.page })).data;
    expect(rest.items.map((r) => r.id)).toEqual([toPage.id]);
    expect(rest.next).toBeUndefined();

    // Targets are published paths relative to the site.
    const target = async (source: string) => (await gb.orgs.getSiteRedirectBySource(org, site.id, { source })).data;
    expect(await target("/old-guide")).toEqual({ redirect: toSpace.data, target: "/guide" });
    const sectionVariant = section.siteSpaces[0]!;
    expect((await target("/old/api%20v1")).target).toBe(`/${section.path}/${sectionVariant.path}`);
    expect((await target("/setup")).target).toBe("/guide/intro/setup");
    expect((await clientError(gb.orgs.getSiteRedirectBySource(org, site.id, { source: "/nowhere" }))).code).toBe(404);

    // Update: the source, then the destination.
    const moved = await gb.orgs.updateSiteRedirectById(org, site.id, toPage.id, { source: "/start/setup" });
    expect(moved.data).toMatchObject({ id: toPage.id, source: "/start/setup", destination: toPage.destination });
    expect((await clientError(gb.orgs.getSiteRedirectBySource(org, site.id, { source: "/setup" }))).code).toBe(404);
    const retargeted = await gb.orgs.updateSiteRedirectById(org, site.id, toPage.id, {
      destination: { kind: "site-space", siteSpaceId: sectionVariant.id },
    });
    expect(retargeted.data.destination).toEqual({ kind: "site-space", siteSpaceId: sectionVariant.id });
    expect((await target("/start/setup")).target).toBe(`/${section.path}/${sectionVariant.path}`);
    expect((await gb.orgs.updateSiteRedirectById(org, site.id, toPage.id, {})).data.source).toBe("/start/setup");
    const absent = await api("PATCH", `${path}/redirects/nope`, { token: owner.token, body: { source: "/x" } });
    expect(absent.status).toBe(404);

    // Delete: 205, then 204.
    const del = (id: string) => api("DELETE", `${path}/redirects/${id}`, { token: owner.token });
    expect((await del(toSection.id)).status).toBe(205);
    expect((await del(toSection.id)).status).toBe(204);
    expect((await gb.orgs.listSiteRedirects(org, site.id)).data.count).toBe(2);
  });

  it("refuses a duplicate source (409), a malformed source and destinations outside the site (400)", async () => {
    const { owner, siteSpace, intro, path } = await seedSite();
    const post = (body: unknown) => api("POST", `${path}/redirects`, { token: owner.token, body });
    const toSpace = { kind: "site-space", siteSpaceId: siteSpace.id };
    const made = await post({ source: "/a", destination: toSpace });
    expect(made.status).toBe(201);
    const other = await post({ source: "/b", destination: toSpace });
    const duplicate = await post({ source: "/a", destination: toSpace });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json.error).toEqual({ code: 409, message: expect.stringMatching(/"\/a" already exists/) });
    const patched = await api("PATCH", `${path}/redirects/${other.json.id}`, {
      token: owner.token,
      body: { source: "/a" },
    });
    expect(patched.status).toBe(409);

    for (const source of ["a", "/", "/a//b", "/a b", "/a/", "/%zz", `/${"x".repeat(512)}`, 5]) {
      const res = await post({ source, destination: toSpace });
      expect(res.status).toBe(400);
      expect(res.json.error.message).toMatch(/^body\.source/);
    }
    const lookup = await api("GET", `${path}/redirect?source=nope`, { token: owner.token });
    expect(lookup.status).toBe(400);
    expect(lookup.json.error.message).toMatch(/^query\.source/);
    expect((await api("GET", `${path}/redirect`, { token: owner.token })).status).toBe(400);

    const elsewhere = await seedOrganization("Elsewhere");
    const foreignSpace = (
      await client(elsewhere.owner.token).orgs.createSpace(elsewhere.organization.id, { title: "X" })
    ).data;
    const foreignSite = (
      await client(elsewhere.owner.token).orgs.createSite(elsewhere.organization.id, {
        spaces: [foreignSpace.id],
      } as never)
    ).data;
    const foreignSiteSpace = (
      await client(elsewhere.owner.token).orgs.listSiteSpaces(elsewhere.organization.id, foreignSite.id)
    ).data.items[0]!;
    for (const [destination, field] of [
      [{ kind: "site-space", siteSpaceId: "nope" }, /destination\.siteSpaceId/],
      [{ kind: "site-space", siteSpaceId: foreignSiteSpace.id }, /destination\.siteSpaceId/],
      [{ kind: "site-section", siteSectionId: "nope" }, /destination\.siteSectionId/],
      [{ kind: "site-page", siteSpaceId: siteSpace.id, pageId: "nope" }, /destination\.pageId/],
      [{ kind: "site-page", siteSpaceId: "nope", pageId: intro }, /destination\.siteSpaceId/],
      [{ kind: "site-page", siteSpaceId: siteSpace.id }, /destination\.pageId/],
      [{ kind: "space", spaceId: "x" }, /destination/],
      ["site-space", /destination/],
    ] as const) {
      const res = await post({ source: "/c", destination });
      expect(res.status).toBe(400);
      expect(res.json.error.message).toMatch(field);
      const update = await api("PATCH", `${path}/redirects/${made.json.id}`, {
        token: owner.token,
        body: { destination },
      });
      expect(update.status).toBe(400);
    }
  });

  it("lets members read, `create` and up write, answers outsiders 404 and dangling destinations 404", async () => {
    const { organization, owner, gb, guide, site, siteSpace, section, intro, setup, path } = await seedSite();
    const org = organization.id;
    const reader = client((await seedMember(org, "read")).token);
    const creator = client((await seedMember(org, "create")).token);
    const outsider = client((await seedUser("outsider")).token);
    const toSection = { kind: "site-section" as const, siteSectionId: section.id };
    const made = (await creator.orgs.createSiteRedirect(org, site.id, { source: "/s", destination: toSection })).data;
    expect((await reader.orgs.listSiteRedirects(org, site.id)).data.items.map((r) => r.id)).toEqual([made.id]);
    expect((await reader.orgs.getSiteRedirectBySource(org, site.id, { source: "/s" })).data.redirect.id).toBe(made.id);
    for (const call of [
      () => reader.orgs.createSiteRedirect(org, site.id, { source: "/r", destination: toSection }),
      () => reader.orgs.updateSiteRedirectById(org, site.id, made.id, { source: "/r" }),
      () => reader.orgs.deleteSiteRedirectById(org, site.id, made.id),
    ]) {
      expect((await clientError(call())).code).toBe(403);
    }
    for (const call of [
      () => outsider.orgs.listSiteRedirects(org, site.id),
      () => outsider.orgs.getSiteRedirectBySource(org, site.id, { source: "/s" }),
      () => outsider.orgs.createSiteRedirect(org, site.id, { source: "/o", destination: toSection }),
      () => outsider.orgs.updateSiteRedirectById(org, site.id, made.id, { source: "/o" }),
    ]) {
      expect((await clientError(call())).code).toBe(404);
    }
    expect((await api("DELETE", `${path}/redirects/${made.id}`)).status).toBe(401);

    // Destinations deleted after the fact: the redirect stays, its lookup answers 404.
    const toPage = { kind: "site-page" as const, siteSpaceId: siteSpace.id, pageId: setup };
    await gb.orgs.createSiteRedirect(org, site.id, { source: "/p", destination: toPage });
    await gb.orgs.createSiteRedirect(org, site.id, { source: "/i", destination: { ...toPage, pageId: intro } });
    await gb.orgs.createSiteRedirect(org, site.id, {
      source: "/root",
      destination: { kind: "site-space", siteSpaceId: siteSpace.id },
    });
    const removal = await changeRequestWith(owner.token, guide.id, [{ operation: "delete_page", page: setup }]);
    await gb.spaces.mergeChangeRequest(guide.id, removal.cr.id);
    const lookup = (source: string) => api("GET", `${path}/redirect?source=${source}`, { token: owner.token });
    expect((await lookup("/p")).status).toBe(404);
    expect((await lookup("/i")).json.target).toBe("/guide/intro");
    expect((await api("DELETE", `${path}/sections/${section.id}`, { token: owner.token })).status).toBe(205);
    expect((await lookup("/s")).status).toBe(404);
    expect((await api("DELETE", `${path}/site-spaces/${siteSpace.id}`, { token: owner.token })).status).toBe(205);
    expect((await lookup("/root")).status).toBe(404);
    expect((await lookup("/i")).status).toBe(404);
    expect((await gb.orgs.listSiteRedirects(org, site.id)).data.count).toBe(4);

    // Deleting the site deletes its redirects.
    expect((await api("DELETE", path, { token: owner.token })).status).toBe(205);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM site_redirects WHERE site_id = ?")
      .bind(site.id)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
  });
});
