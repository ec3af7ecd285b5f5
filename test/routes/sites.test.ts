import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, client, clientError } from "../helpers/http";
import { seedMember, seedOrganization, seedUser } from "../helpers/seed";

/** Declares boolean claims on a site's adaptive schema, so that conditions may read them. */
async function declareClaims(gb: ReturnType<typeof client>, organizationId: string, siteId: string, names: string[]) {
  const properties = Object.fromEntries(names.map((n) => [n, { type: "boolean" as const, description: n }]));
  await gb.orgs.updateSiteAdaptiveSchema(organizationId, siteId, {
    jsonSchema: { type: "object", properties, additionalProperties: false },
  });
}

describe("sites", () => {
  it("creates, reads, lists with filters, updates, publishes, unpublishes and deletes a site", async () => {
    const { organization, owner } = await seedOrganization("Publisher");
    const gb = client(owner.token);
    const guide = (await gb.orgs.createSpace(organization.id, { title: "User Guide" })).data;
    const api_ = (await gb.orgs.createSpace(organization.id, { title: "API" })).data;

    const created = await gb.orgs.createSite(organization.id, { title: "Docs", spaces: [guide.id, api_.id] } as never);
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      object: "site",
      type: "basic",
      title: "Docs",
      visibility: "public",
      published: false,
      siteSpaces: 2,
      agentsContext: "included",
    });
    const site = created.data;
    const rows = await env.DB.prepare("SELECT path FROM site_spaces WHERE site_id = ? ORDER BY sort_key")
      .bind(site.id)
      .all<{ path: string }>();
    expect(rows.results.map((r) => r.path)).toEqual(["user-guide", "api"]);

    const empty = (await gb.orgs.createSite(organization.id, { title: "Blog", spaces: "empty" } as never)).data;
    expect(empty.siteSpaces).toBe(1);
    const bare = (await gb.orgs.createSite(organization.id, {} as never)).data;
    expect(bare.siteSpaces).toBe(0);

    expect((await gb.orgs.getSiteById(organization.id, site.id)).data.title).toBe("Docs");
    const ids = async (query: Record<string, unknown>) =>
      (await gb.orgs.listSites(organization.id, query as never)).data.items.map((s) => s.id);
    expect(await ids({})).toEqual([site.id, empty.id, bare.id]);
    expect(await ids({ space: guide.id })).toEqual([site.id]);
    expect(await ids({ title: "blo" })).toEqual([empty.id]);

    const updated = await gb.orgs.updateSiteById(organization.id, site.id, {
      title: "Product docs",
      visibility: "unlisted",
      basename: "docs",
      agentsContext: "excluded",
      adaptiveContent: { enabled: true },
      proxy: "example.com/docs",
    } as never);
    expect(updated.data).toMatchObject({
      title: "Product docs",
      visibility: "unlisted",
      basename: "docs",
      agentsContext: "excluded",
      adaptiveContent: { enabled: true },
      proxy: { origin: "example.com/docs", target: "https://example.com/docs" },
    });
    // Read back as it was given; the same with a scheme is refused (400), never stripped.
    expect((await gb.orgs.getSiteById(organization.id, site.id)).data.proxy).toEqual(updated.data.proxy);
    const schemed = await api("PATCH", `/orgs/${organization.id}/sites/${site.id}`, {
      token: owner.token,
      body: { proxy: "https://example.com/docs" },
    });
    expect(schemed.status).toBe(400);
    expect(schemed.json.error.message).toMatch(/^body\.proxy: /);

    expect((await gb.orgs.publishSite(organization.id, site.id)).data).toMatchObject({ published: true });
    expect(await ids({ published: true })).toEqual([site.id]);
    expect((await gb.orgs.unpublishSite(organization.id, site.id)).data.published).toBe(false);
    expect(((await gb.orgs.publishSite(organization.id, site.id)).data as { published: boolean }).published).toBe(true);

    // Deleting the site deletes its structure, never its spaces.
    expect((await api("DELETE", `/orgs/${organization.id}/sites/${site.id}`, { token: owner.token })).status).toBe(205);
    expect((await api("DELETE", `/orgs/${organization.id}/sites/${site.id}`, { token: owner.token })).status).toBe(204);
    expect((await clientError(gb.orgs.getSiteById(organization.id, site.id))).code).toBe(404);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM site_spaces WHERE site_id = ?")
      .bind(site.id)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
    expect((await gb.spaces.getSpaceById(guide.id)).data.id).toBe(guide.id);
  });

  it("lets `create` and up manage sites, members read them, outsiders get 404, and refuses bad input", async () => {
    const { organization, owner } = await seedOrganization();
    const creator = await seedMember(organization.id, "create");
    const reader = await seedMember(organization.id, "read");
    const outsider = await seedUser("outsider");
    const site = (await client(creator.token).orgs.createSite(organization.id, { title: "Mine" } as never)).data;
    expect((await client(reader.token).orgs.getSiteById(organization.id, site.id)).data.id).toBe(site.id);
    expect(
      (await clientError(client(reader.token).orgs.createSite(organization.id, { title: "No" } as never))).code,
    ).toBe(403);
    expect((await clientError(client(reader.token).orgs.publishSite(organization.id, site.id))).code).toBe(403);
    expect((await clientError(client(outsider.token).orgs.getSiteById(organization.id, site.id))).code).toBe(404);
    expect((await api("GET", `/orgs/${organization.id}/sites`)).status).toBe(401);

    const post = (body: unknown) => api("POST", `/orgs/${organization.id}/sites`, { token: owner.token, body });
    const patch = (body: unknown) =>
      api("PATCH", `/orgs/${organization.id}/sites/${site.id}`, { token: owner.token, body });
    for (const [res, field] of [
      [await post({ title: "x" }), /title/],
      [await post({ type: "gold" }), /type/],
      [await post({ visibility: "secret" }), /visibility/],
      [await post({ spaces: ["no-such-space"] }), /spaces/],
      [await patch({ proxy: "not a proxy" }), /proxy/],
      [await patch({ proxy: "https://example.com/docs" }), /^body\.proxy: must be a hostname and optional path/],
      [await patch({ basename: "" }), /basename/],
      [await patch({ defaultSiteSpace: "nope" }), /defaultSiteSpace/],
      [await patch({ agentsContext: "maybe" }), /agentsContext/],
    ] as const) {
      expect(res.status).toBe(400);
      expect(res.json.error.message).toMatch(field);
    }
    const other = await seedOrganization("Other");
    const foreignSpace = (await client(other.owner.token).orgs.createSpace(other.organization.id, { title: "X" })).data;
    const foreign = await post({ spaces: [foreignSpace.id] });
    expect(foreign.status).toBe(400);
  });
});

describe("site spaces", () => {
  it("adds spaces at unique paths, filters the default, updates path, condition and space, and deletes", async () => {
    const { organization, owner } = await seedOrganization("Structured");
    const gb = client(owner.token);
    const a = (await gb.orgs.createSpace(organization.id, { title: "Guide" })).data;
    const b = (await gb.orgs.createSpace(organization.id, { title: "Guide" })).data;
    const c = (await gb.orgs.createSpace(organization.id, { title: "Reference" })).data;
    const site = (await gb.orgs.createSite(organization.id, { title: "Docs" } as never)).data;

    const first = await gb.orgs.addSpaceToSite(organization.id, site.id, { spaceId: a.id });
    expect(first.status).toBe(201);
    expect(first.data).toMatchObject({ object: "site-space", path: "guide", default: true, title: "Guide" });
    expect(first.data.space.id).toBe(a.id);
    const second = (await gb.orgs.addSpaceToSite(organization.id, site.id, { spaceId: b.id })).data;
    expect(second).toMatchObject({ path: "guide-2", default: false });

    const all = await gb.orgs.listSiteSpaces(organization.id, site.id);
    expect(all.data.items.map((s) => s.id)).toEqual([first.data.id, second.id]);
    expect(
      (await gb.orgs.listSiteSpaces(organization.id, site.id, { default: true })).data.items.map((s) => s.id),
    ).toEqual([first.data.id]);
    expect(
      (await gb.orgs.listSiteSpaces(organization.id, site.id, { default: false })).data.items.map((s) => s.id),
    ).toEqual([second.id]);
    expect((await gb.orgs.getSiteById(organization.id, site.id)).data.siteSpaces).toBe(2);
    // Without sections, the structure is the root site spaces.
    const structure = (await gb.orgs.getSiteStructure(organization.id, site.id)).data as any;
    expect(structure.type).toBe("siteSpaces");
    expect(structure.structure.map((s: any) => s.id)).toEqual([first.data.id, second.id]);

    const path = `/orgs/${organization.id}/sites/${site.id}/site-spaces/${second.id}`;
    const taken = await api("PATCH", path, { token: owner.token, body: { path: "guide" } });
    expect(taken.status).toBe(400);
    expect(taken.json.error.message).toMatch(/path/);
    await declareClaims(gb, organization.id, site.id, ["premium"]);
    const updated = await gb.orgs.updateSiteSpaceById(organization.id, site.id, second.id, {
      path: "advanced",
      condition: "visitor.claims.premium",
      spaceId: c.id,
    });
    expect(updated.data).toMatchObject({ path: "advanced", condition: "visitor.claims.premium", title: "Reference" });
    const kept = await gb.orgs.updateSiteSpaceById(organization.id, site.id, second.id, { path: "advanced-2" });
    expect(kept.data.condition).toBe("visitor.claims.premium");
    const cleared = await gb.orgs.updateSiteSpaceById(organization.id, site.id, second.id, { condition: null });
    expect(cleared.data.condition).toBeUndefined();

    const other = await seedOrganization("Other");
    const foreign = (await client(other.owner.token).orgs.createSpace(other.organization.id, { title: "X" })).data;
    const refused = await api("POST", `/orgs/${organization.id}/sites/${site.id}/site-spaces`, {
      token: owner.token,
      body: { spaceId: foreign.id },
    });
    expect(refused.status).toBe(400);
    const noSection = await api("POST", `/orgs/${organization.id}/sites/${site.id}/site-spaces`, {
      token: owner.token,
      body: { spaceId: a.id, sectionId: "nope" },
    });
    expect(noSection.json.error.message).toMatch(/sectionId/);

    // Deleting the default makes the next site space the default; the spaces stay.
    const firstPath = `/orgs/${organization.id}/sites/${site.id}/site-spaces/${first.data.id}`;
    expect((await api("DELETE", firstPath, { token: owner.token })).status).toBe(205);
    expect((await api("DELETE", firstPath, { token: owner.token })).status).toBe(204);
    expect(
      (await gb.orgs.listSiteSpaces(organization.id, site.id, { default: true })).data.items.map((s) => s.id),
    ).toEqual([second.id]);
    expect((await gb.spaces.getSpaceById(a.id)).data.id).toBe(a.id);
    const reader = await seedMember(organization.id, "read");
    expect(
      (await clientError(client(reader.token).orgs.addSpaceToSite(organization.id, site.id, { spaceId: a.id }))).code,
    ).toBe(403);
  });
});

describe("site sections", () => {
  it("adds sections with a space as first variant, updates them, and deleting one deletes its site spaces", async () => {
    const { organization, owner } = await seedOrganization("Sectioned");
    const gb = client(owner.token);
    const guides = (await gb.orgs.createSpace(organization.id, { title: "Guides" })).data;
    const v2 = (await gb.orgs.createSpace(organization.id, { title: "Guides v2" })).data;
    const apiSpace = (await gb.orgs.createSpace(organization.id, { title: "API" })).data;
    const site = (await gb.orgs.createSite(organization.id, { title: "Docs" } as never)).data;

    const first = await gb.orgs.addSectionToSite(organization.id, site.id, {
      spaceId: guides.id,
      icon: "book",
    } as never);
    expect(first.status).toBe(201);
    expect(first.data).toMatchObject({
      object: "site-section",
      title: "Guides",
      path: "guides",
      default: true,
      icon: "book",
    });
    expect(first.data.siteSpaces.map((s) => [s.space.id, s.default])).toEqual([[guides.id, true]]);
    const second = (
      await gb.orgs.addSectionToSite(organization.id, site.id, {
        spaceId: apiSpace.id,
        title: "API reference",
      } as never)
    ).data;
    expect(second).toMatchObject({ title: "API reference", path: "api-reference", default: false });

    // A second variant in the first section, made its default.
    const variant = (
      await gb.orgs.addSpaceToSite(organization.id, site.id, { spaceId: v2.id, sectionId: first.data.id })
    ).data;
    expect(variant.section).toBe(first.data.id);
    await declareClaims(gb, organization.id, site.id, ["beta"]);
    const updated = await gb.orgs.updateSiteSectionById(organization.id, site.id, first.data.id, {
      defaultSiteSpace: variant.id,
      description: "How-tos",
      condition: "visitor.claims.beta",
    } as never);
    expect(updated.data).toMatchObject({ description: "How-tos", condition: "visitor.claims.beta" });
    expect(updated.data.siteSpaces.map((s) => [s.id, s.default])).toEqual([
      [first.data.siteSpaces[0]!.id, false],
      [variant.id, true],
    ]);
    const sectionPath = `/orgs/${organization.id}/sites/${site.id}/sections/${first.data.id}`;
    const taken = await api("PATCH", sectionPath, { token: owner.token, body: { path: "api-reference" } });
    expect(taken.status).toBe(400);
    const notMine = await api("PATCH", sectionPath, { token: owner.token, body: { defaultSiteSpace: "nope" } });
    expect(notMine.json.error.message).toMatch(/defaultSiteSpace/);

    const listed = await gb.orgs.listSiteSections(organization.id, site.id);
    expect(listed.data.items.map((s) => s.id)).toEqual([first.data.id, second.id]);

    expect((await api("DELETE", sectionPath, { token: owner.token })).status).toBe(205);
    expect((await api("DELETE", sectionPath, { token: owner.token })).status).toBe(204);
    const sections = await gb.orgs.listSiteSections(organization.id, site.id);
    expect(sections.data.items.map((s) => [s.id, s.default])).toEqual([[second.id, true]]);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM site_spaces WHERE section_id = ?")
      .bind(first.data.id)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
    expect((await gb.spaces.getSpaceById(v2.id)).data.id).toBe(v2.id);
  });
});

describe("site section groups", () => {
  it("groups sections, adds and removes a section, renames, and deletes the group leaving its sections", async () => {
    const { organization, owner } = await seedOrganization("Grouped");
    const gb = client(owner.token);
    const one = (await gb.orgs.createSpace(organization.id, { title: "One" })).data;
    const two = (await gb.orgs.createSpace(organization.id, { title: "Two" })).data;
    const site = (await gb.orgs.createSite(organization.id, { title: "Docs" } as never)).data;
    const a = (await gb.orgs.addSectionToSite(organization.id, site.id, { spaceId: one.id } as never)).data;
    const b = (await gb.orgs.addSectionToSite(organization.id, site.id, { spaceId: two.id } as never)).data;

    const group = await gb.orgs.addSectionGroupToSite(organization.id, site.id, {
      title: "Products",
      sections: [b.id],
    });
    expect(group.status).toBe(201);
    expect(group.data).toMatchObject({ object: "site-section-group", title: "Products" });
    expect(group.data.sections.map((s) => [s.id, s.sectionGroup])).toEqual([[b.id, group.data.id]]);
    const added = await gb.orgs.addSectionToGroup(organization.id, site.id, group.data.id, { sectionId: a.id });
    expect(added.data.sections.map((s) => s.id)).toEqual([b.id, a.id]);
    const renamed = await gb.orgs.updateSiteSectionGroupById(organization.id, site.id, group.data.id, {
      title: "All products",
      icon: "box",
    });
    expect(renamed.data).toMatchObject({ title: "All products", icon: "box" });
    expect((await gb.orgs.listSiteSectionGroups(organization.id, site.id)).data.items.map((g) => g.id)).toEqual([
      group.data.id,
    ]);
    // The structure: the group (holding both sections) at the top level.
    const structure = (await gb.orgs.getSiteStructure(organization.id, site.id)).data as any;
    expect(structure.type).toBe("sections");
    expect(structure.structure.map((i: any) => [i.object, i.id])).toEqual([["site-section-group", group.data.id]]);
    expect(structure.structure[0].sections.map((s: any) => s.id)).toEqual([b.id, a.id]);

    const base = `/orgs/${organization.id}/sites/${site.id}/section-groups/${group.data.id}`;
    expect((await api("DELETE", `${base}/sections/${b.id}`, { token: owner.token })).status).toBe(205);
    expect((await api("DELETE", `${base}/sections/${b.id}`, { token: owner.token })).status).toBe(204);
    const unknown = await api("POST", `${base}/sections`, { token: owner.token, body: { sectionId: "nope" } });
    expect(unknown.status).toBe(400);
    expect(
      (
        await api("POST", `/orgs/${organization.id}/sites/${site.id}/section-groups`, {
          token: owner.token,
          body: { title: "" },
        })
      ).status,
    ).toBe(400);

    expect((await api("DELETE", base, { token: owner.token })).status).toBe(205);
    expect((await api("DELETE", base, { token: owner.token })).status).toBe(204);
    const sections = await gb.orgs.listSiteSections(organization.id, site.id);
    expect(sections.data.items.map((s) => s.id).sort()).toEqual([a.id, b.id].sort());
    expect(sections.data.items.every((s) => s.sectionGroup === undefined)).toBe(true);
  });
});

describe("site structure moves", () => {
  it("sorts site spaces, sections and groups, across sections and groups, one row per move", async () => {
    const { organization, owner } = await seedOrganization("Moving");
    const gb = client(owner.token);
    const mk = async (title: string) => (await gb.orgs.createSpace(organization.id, { title })).data;
    const [s1, s2, s3, s4] = [await mk("Alpha"), await mk("Beta"), await mk("Gamma"), await mk("Delta")];
    const site = (await gb.orgs.createSite(organization.id, { title: "Docs" } as never)).data;
    const secA = (await gb.orgs.addSectionToSite(organization.id, site.id, { spaceId: s1.id } as never)).data;
    const secB = (await gb.orgs.addSectionToSite(organization.id, site.id, { spaceId: s2.id } as never)).data;
    const secC = (await gb.orgs.addSectionToSite(organization.id, site.id, { spaceId: s3.id } as never)).data;
    const extra = (await gb.orgs.addSpaceToSite(organization.id, site.id, { spaceId: s4.id, sectionId: secA.id })).data;
    const sortIds = async () => (await gb.orgs.listSiteSections(organization.id, site.id)).data.items.map((s) => s.id);
    const sort = (item: unknown, position: unknown) =>
      api("PATCH", `/orgs/${organization.id}/sites/${site.id}/structure/sort`, {
        token: owner.token,
        body: { item, position },
      });

    // C before A.
    const moved = await sort({ type: "site-section", id: secC.id }, { before: { type: "site-section", id: secA.id } });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ object: "site-section", id: secC.id });
    expect(await sortIds()).toEqual([secC.id, secA.id, secB.id]);

    // A site space moves from section A into section B, after B's own variant.
    const bVariant = secB.siteSpaces[0]!.id;
    const across = await sort({ type: "site-space", id: extra.id }, { after: { type: "site-space", id: bVariant } });
    expect(across.json).toMatchObject({ object: "site-space", id: extra.id, section: secB.id });

    // A section moves into a group by being placed next to a grouped section; groups sort among groups.
    const g1 = (await gb.orgs.addSectionGroupToSite(organization.id, site.id, { title: "One", sections: [secB.id] }))
      .data;
    const g2 = (await gb.orgs.addSectionGroupToSite(organization.id, site.id, { title: "Two" })).data;
    await sort({ type: "site-section", id: secA.id }, { after: { type: "site-section", id: secB.id } });
    const groups = await gb.orgs.listSiteSectionGroups(organization.id, site.id);
    expect(groups.data.items.map((g) => [g.id, g.sections.map((s) => s.id)])).toEqual([
      [g1.id, [secB.id, secA.id]],
      [g2.id, []],
    ]);
    await sort({ type: "site-section-group", id: g2.id }, { before: { type: "site-section-group", id: g1.id } });
    expect((await gb.orgs.listSiteSectionGroups(organization.id, site.id)).data.items.map((g) => g.id)).toEqual([
      g2.id,
      g1.id,
    ]);

    // The deprecated moves do the same.
    const back = await api("POST", `/orgs/${organization.id}/sites/${site.id}/sections/${secA.id}/move`, {
      token: owner.token,
      body: { position: { before: { type: "site-section", siteSection: secB.id } } },
    });
    expect(back.status).toBe(200);
    expect(
      (await gb.orgs.listSiteSectionGroups(organization.id, site.id)).data.items[1]!.sections.map((s) => s.id),
    ).toEqual([secA.id, secB.id]);

    // Refusals: mixed kinds, unknown anchors, both positions.
    expect(
      (await sort({ type: "site-space", id: extra.id }, { before: { type: "site-section", id: secA.id } })).status,
    ).toBe(400);
    expect(
      (await sort({ type: "site-section", id: secA.id }, { before: { type: "site-section", id: "nope" } })).status,
    ).toBe(400);
    expect(
      (
        await sort(
          { type: "site-section", id: secA.id },
          { before: { type: "site-section", id: secB.id }, after: { type: "site-section", id: secC.id } },
        )
      ).status,
    ).toBe(400);
    expect((await sort({ type: "site-section", id: "nope" }, {})).status).toBe(404);
  });
});
