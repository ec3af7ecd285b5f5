import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { changeRequestWith } from "../helpers/content";
import { api, client, workerFetch } from "../helpers/http";
import { seedOrganization } from "../helpers/seed";

// A site's top level (section groups and ungrouped sections) has one shared order (issue 27, part 8): every
// listing shows it, adding appends to it, and sortSiteStructure's pointers (the reference's body shapes) may name
// a section or a group at that level.

async function siteWithSections(titles: string[]) {
  const { organization, owner } = await seedOrganization("Structure");
  const gb = client(owner.token);
  const site = (await gb.orgs.createSite(organization.id, { title: "Docs", visibility: "public" } as never)).data;
  const base = `/orgs/${organization.id}/sites/${site.id}`;
  const section = async (title: string) => {
    const space = (await gb.orgs.createSpace(organization.id, { title })).data;
    const res = await api("POST", `${base}/sections`, {
      token: owner.token,
      body: { spaceId: space.id, title: `§${title}` },
    });
    expect(res.status, res.text).toBe(201);
    return res.json.id as string;
  };
  const group = async (title: string, sections: string[] = []) => {
    const res = await api("POST", `${base}/section-groups`, { token: owner.token, body: { title, sections } });
    expect(res.status).toBe(201);
    return res.json.id as string;
  };
  const ids: Record<string, string> = {};
  for (const title of titles) ids[title] = await section(title);
  /** getSiteStructure's top level as titles, a group with its sections: `G[X,Y]`. */
  const structure = async () => {
    const res = await api("GET", `${base}/structure`, { token: owner.token });
    expect(res.status).toBe(200);
    return (res.json.structure as { object: string; title: string; sections?: { title: string }[] }[]).map((i) =>
      i.object === "site-section-group"
        ? `${i.title}[${i.sections!.map((s) => s.title.slice(1)).join(",")}]`
        : i.title.slice(1),
    );
  };
  const listed = async () =>
    ((await api("GET", `${base}/sections`, { token: owner.token })).json.items as { title: string }[]).map((s) =>
      s.title.slice(1),
    );
  const sort = (item: unknown, position: unknown) =>
    api("PATCH", `${base}/structure/sort`, { token: owner.token, body: { item, position } });
  const sec = (title: string) => ({ type: "site-section", id: ids[title]! });
  const grp = (title: string) => ({ type: "site-section-group", id: ids[title]! });
  return { organization, owner, gb, site, base, ids, section, group, structure, listed, sort, sec, grp };
}

describe("a site's top level: one order for sections and groups", () => {
  it("appends sections and groups last, and sorts a section before/after a group and a group before/after a section", async () => {
    const t = await siteWithSections(["A", "B"]);
    t.ids.G = await t.group("G");
    t.ids.C = await t.section("C");
    // Each appended last at the top level, whatever its kind.
    expect(await t.structure()).toEqual(["A", "B", "G[]", "C"]);

    // A section before a group.
    const moved = await t.sort(t.sec("C"), { before: t.grp("G") });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ object: "site-section", id: t.ids.C });
    expect(await t.structure()).toEqual(["A", "B", "C", "G[]"]);
    // A group before a section.
    const group = await t.sort(t.grp("G"), { before: t.sec("A") });
    expect(group.status).toBe(200);
    expect(group.json).toMatchObject({ object: "site-section-group", id: t.ids.G });
    expect(await t.structure()).toEqual(["G[]", "A", "B", "C"]);
    // `after` pointers naming the other kind.
    expect((await t.sort(t.sec("B"), { after: t.grp("G") })).status).toBe(200);
    expect(await t.structure()).toEqual(["G[]", "B", "A", "C"]);
    expect((await t.sort(t.grp("G"), { after: t.sec("A") })).status).toBe(200);
    expect(await t.structure()).toEqual(["B", "A", "G[]", "C"]);
    // A section moved before another section lands right there, a group between them or not.
    expect((await t.sort(t.sec("C"), { before: t.sec("A") })).status).toBe(200);
    expect(await t.structure()).toEqual(["B", "C", "A", "G[]"]);
    // No position: last at the top level, for either kind.
    expect((await t.sort(t.sec("B"), {})).status).toBe(200);
    expect(await t.structure()).toEqual(["C", "A", "G[]", "B"]);
    expect((await t.sort(t.grp("G"), {})).status).toBe(200);
    expect(await t.structure()).toEqual(["C", "A", "B", "G[]"]);
  });

  it("moves sections into and out of groups by either kind of pointer, and refuses a group inside a group", async () => {
    const t = await siteWithSections(["A", "B", "X"]);
    t.ids.G = await t.group("G", [t.ids.X!]);
    expect(await t.structure()).toEqual(["A", "B", "G[X]"]);
    // Next to a grouped section: into its group; next to the group: out of it, at the top level.
    expect((await t.sort(t.sec("A"), { after: t.sec("X") })).status).toBe(200);
    expect(await t.structure()).toEqual(["B", "G[X,A]"]);
    expect((await t.sort(t.sec("X"), { before: t.grp("G") })).status).toBe(200);
    expect(await t.structure()).toEqual(["B", "X", "G[A]"]);
    // listSiteSections lists the same order, a group's sections in the group's place.
    expect(await t.listed()).toEqual(["B", "X", "A"]);
    // A group names only top-level items; a site space never names a section or a group.
    const nested = await t.sort(t.grp("G"), { before: t.sec("A") });
    expect(nested.status).toBe(400);
    expect(nested.json.error.code).toBe(400);
    expect((await t.sort(t.grp("G"), { before: t.grp("G") })).status).toBe(400);
    const variant = (await t.gb.orgs.listSiteSections(t.organization.id, t.site.id)).data.items[0]!.siteSpaces[0]!;
    expect((await t.sort({ type: "site-space", id: variant.id }, { before: t.grp("G") })).status).toBe(400);
    expect((await t.sort(t.sec("B"), { before: { type: "site-space", id: variant.id } })).status).toBe(400);
  });

  it("takes the reference's bodies on the deprecated moves: a group names a section or a group by {type, id}", async () => {
    const t = await siteWithSections(["A", "B"]);
    t.ids.G = await t.group("G");
    const moveGroup = (position: unknown) =>
      api("POST", `${t.base}/section-groups/${t.ids.G}/move`, { token: t.owner.token, body: { position } });
    const before = await moveGroup({ before: { type: "site-section", id: t.ids.A } });
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ object: "site-section-group", id: t.ids.G });
    expect(await t.structure()).toEqual(["G[]", "A", "B"]);
    expect((await moveGroup({ after: { type: "site-section", id: t.ids.A } })).status).toBe(200);
    expect(await t.structure()).toEqual(["A", "G[]", "B"]);
    const back = await api("POST", `${t.base}/section-groups/${t.ids.G}/move`, { token: t.owner.token, body: {} });
    expect(back.status).toBe(200);
    expect(await t.structure()).toEqual(["A", "B", "G[]"]);
    // moveSiteSection (SiteSectionPointer: {type, siteSection}) among the top level, groups included.
    const section = await api("POST", `${t.base}/sections/${t.ids.B}/move`, {
      token: t.owner.token,
      body: { position: { before: { type: "site-section", siteSection: t.ids.A } } },
    });
    expect(section.status).toBe(200);
    expect(await t.structure()).toEqual(["B", "A", "G[]"]);
  });

  it("puts a section leaving a group right after it, and a deleted group's sections in its place", async () => {
    const t = await siteWithSections(["A", "X", "Y", "B"]);
    t.ids.G = await t.group("G", [t.ids.X!, t.ids.Y!]);
    expect((await t.sort(t.sec("B"), {})).status).toBe(200);
    expect((await t.sort(t.grp("G"), { before: t.sec("B") })).status).toBe(200);
    expect(await t.structure()).toEqual(["A", "G[X,Y]", "B"]);
    const removed = await api("DELETE", `${t.base}/section-groups/${t.ids.G}/sections/${t.ids.X}`, {
      token: t.owner.token,
    });
    expect(removed.status).toBe(205);
    expect(await t.structure()).toEqual(["A", "G[Y]", "X", "B"]);
    expect((await t.sort(t.sec("X"), { before: t.sec("Y") })).status).toBe(200);
    expect(await t.structure()).toEqual(["A", "G[X,Y]", "B"]);
    expect((await api("DELETE", `${t.base}/section-groups/${t.ids.G}`, { token: t.owner.token })).status).toBe(205);
    expect(await t.structure()).toEqual(["A", "X", "Y", "B"]);
    expect(await t.listed()).toEqual(["A", "X", "Y", "B"]);
  });

  it("shows the published site's section tabs in the same order", async () => {
    const t = await siteWithSections(["Alpha", "Omega", "Inner"]);
    t.ids.Group = await t.group("Group", [t.ids.Inner!]);
    expect((await t.sort(t.grp("Group"), { before: t.sec("Alpha") })).status).toBe(200);
    expect((await t.sort(t.sec("Omega"), { before: t.sec("Alpha") })).status).toBe(200);
    expect(await t.structure()).toEqual(["Group[Inner]", "Omega", "Alpha"]);
    for (const section of (await t.gb.orgs.listSiteSections(t.organization.id, t.site.id)).data.items) {
      const spaceId = section.siteSpaces[0]!.space.id;
      const { cr } = await changeRequestWith(t.owner.token, spaceId, [
        { operation: "insert_page", title: "Home", document: { markdown: "# Home\n" } },
      ]);
      await t.gb.spaces.mergeChangeRequest(spaceId, cr.id);
    }
    await t.gb.orgs.publishSite(t.organization.id, t.site.id);
    const res = await workerFetch(`https://api.quire.test/~site/${t.site.id}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const tabs = html.slice(html.indexOf('class="section-tabs"'), html.indexOf("</nav>", html.indexOf("section-tabs")));
    const order = ["Inner", "Omega", "Alpha"].map((title) => tabs.indexOf(`>§${title}<`));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});

describe("migration 0044", () => {
  it("keeps the order getSiteStructure showed and gives tied keys distinct ones; moves cope with ties", async () => {
    const t = await siteWithSections(["A", "B", "X", "Y"]);
    t.ids.G = await t.group("G", [t.ids.X!, t.ids.Y!]);
    // Keys as they were stored before: each kind appended after its own kind, so a group and a section tie,
    // and grouped sections tie too (ties: groups first, then by id).
    const setKey = (table: string, id: string, key: string) =>
      env.DB.prepare(`UPDATE ${table} SET sort_key = ? WHERE id = ?`).bind(key, id).run();
    await setKey("site_section_groups", t.ids.G!, "a0");
    await setKey("site_sections", t.ids.A!, "a0");
    await setKey("site_sections", t.ids.B!, "a1");
    await setKey("site_sections", t.ids.X!, "a0");
    await setKey("site_sections", t.ids.Y!, "a0");
    const [first, second] = [t.ids.X!, t.ids.Y!].sort();
    const inGroup = [first, second].map((id) => (id === t.ids.X ? "X" : "Y")).join(",");
    expect(await t.structure()).toEqual([`G[${inGroup}]`, "A", "B"]);

    // A move between two tied items re-keys their level instead of failing.
    expect((await t.sort(t.sec("B"), { after: t.grp("G") })).status).toBe(200);
    expect(await t.structure()).toEqual([`G[${inGroup}]`, "B", "A"]);

    await setKey("site_section_groups", t.ids.G!, "a0");
    await setKey("site_sections", t.ids.A!, "a0");
    await setKey("site_sections", t.ids.B!, "a1");
    await setKey("site_sections", t.ids.X!, "a0");
    await setKey("site_sections", t.ids.Y!, "a0");
    const before = await t.structure();
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0044_"))!;
    await env.DB.batch(migration.queries.map((q) => env.DB.prepare(q)));
    expect(await t.structure()).toEqual(before);
    const keys = await env.DB.prepare(
      `SELECT sort_key AS k FROM site_section_groups WHERE site_id = ?1
       UNION ALL SELECT sort_key FROM site_sections WHERE site_id = ?1 AND group_id IS NULL`,
    )
      .bind(t.site.id)
      .all<{ k: string }>();
    expect(new Set(keys.results.map((r) => r.k)).size).toBe(3);
    // And the migrated keys are keys: the next section appends after them.
    t.ids.C = await t.section("C");
    expect((await t.sort(t.sec("C"), { before: t.grp("G") })).status).toBe(200);
    expect(await t.structure()).toEqual(["C", `G[${inGroup}]`, "A", "B"]);
  });
});
