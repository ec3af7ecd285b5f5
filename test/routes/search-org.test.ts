import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SPACE_SCOPED_TABLES } from "../../src/content/store";
import { writeMainContent } from "../../src/services/revisions/content-writes";
import { purgeDeletedSpaces } from "../../src/services/spaces/purge";
import { INDEX_PAGES_PER_RUN, updateSearchIndex } from "../../src/services/search/search-index";
import { changeRequestWith, seedSpace } from "../helpers/content";
import { client } from "../helpers/http";
import { indexed, mergePages, page, searchOrg, searchSpace } from "../helpers/search";
import { db, seedMember, seedUser } from "../helpers/seed";

const ids = (res: { json: any }) => (res.json.items as { id: string }[]).map((p) => p.id);
const jobCtx = () => ({ db, env, now: Date.now() });

describe("the search index follows the space's primary content", () => {
  it("after a merge: new pages are found, deleted ones are gone, edited ones match new text only", async () => {
    const s = await seedSpace();
    const [alpha, beta] = await mergePages(s.owner.token, s.space.id, [
      page("a", "Alpha", "The old zebra text.\n"),
      page("b", "Beta", "Beta talks about yaks.\n"),
    ]);
    expect(ids(await searchSpace(s.owner.token, s.space.id, "zebra"))).toEqual([alpha]);
    const { cr } = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "update_page", page: alpha, document: { markdown: "The new giraffe text.\n" } },
      { operation: "delete_page", page: beta },
      page("c", "Gamma", "Gamma has a platypus.\n"),
    ]);
    // Nothing of the change request is searchable before it is merged.
    expect(ids(await searchSpace(s.owner.token, s.space.id, "platypus"))).toEqual([]);
    await s.api.spaces.mergeChangeRequest(s.space.id, cr.id);
    await indexed(s.space.id);
    expect(ids(await searchSpace(s.owner.token, s.space.id, "zebra"))).toEqual([]);
    expect(ids(await searchSpace(s.owner.token, s.space.id, "giraffe"))).toEqual([alpha]);
    expect(ids(await searchSpace(s.owner.token, s.space.id, "yaks"))).toEqual([]);
    expect((await searchSpace(s.owner.token, s.space.id, "platypus")).json.items[0]).toMatchObject({
      title: "Gamma",
      path: "gamma",
    });
  });

  it("re-indexes only changed pages; a move rewrites the path alone; redelivery does nothing", async () => {
    const s = await seedSpace();
    const [one, two] = await mergePages(s.owner.token, s.space.id, [
      page("1", "One", "first body\n"),
      page("2", "Two", "second body\n"),
    ]);
    const sectionIds = async () =>
      (
        await env.DB.prepare("SELECT page_id, id FROM search_sections WHERE space_id = ? ORDER BY page_id")
          .bind(s.space.id)
          .all()
      ).results;
    const before = await sectionIds();
    // Rename Two's slug and edit One: only One's sections are rewritten; Two keeps its rows but gets its new path.
    const { cr } = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "update_page", page: one, document: { markdown: "first body, edited\n" } },
      { operation: "update_page", page: two, slug: "deux" },
    ]);
    await s.api.spaces.mergeChangeRequest(s.space.id, cr.id);
    await indexed(s.space.id);
    const after = await sectionIds();
    expect(after.find((r) => r.page_id === two)).toEqual(before.find((r) => r.page_id === two));
    expect(after.find((r) => r.page_id === one)).not.toEqual(before.find((r) => r.page_id === one));
    expect((await searchSpace(s.owner.token, s.space.id, "second")).json.items[0].path).toBe("deux");
    // A second run (a redelivered or duplicate job) finds the index up to date and writes nothing.
    expect(await updateSearchIndex(jobCtx(), s.space.id)).toMatchObject({ upToDate: true, reindexed: 0 });
    expect(await sectionIds()).toEqual(after);
  });

  it("indexes a large change over several runs (continuation jobs), writes to main and duplicates", async () => {
    const s = await seedSpace();
    const changes = Array.from({ length: 12 }, (_, i) => page(`p${i}`, `Page ${i}`, `walrus number ${i}\n`));
    const { cr } = await changeRequestWith(s.owner.token, s.space.id, changes);
    // Merge without waiting for the queue, then drive the indexer by hand with a small budget.
    await env.DB.prepare(
      "UPDATE spaces SET revision_id = (SELECT revision_id FROM change_requests WHERE id = ?) WHERE id = ?",
    )
      .bind(cr.id, s.space.id)
      .run();
    const first = await updateSearchIndex(jobCtx(), s.space.id, 5);
    expect(first).toMatchObject({ reindexed: 5, more: true });
    expect(INDEX_PAGES_PER_RUN).toBeGreaterThan(5);
    await indexed(s.space.id); // the continuation job finishes the rest
    expect((await searchSpace(s.owner.token, s.space.id, "walrus")).json.count).toBe(12);
    // writeMainContent (imports, templates) queues the job like a merge does.
    const caller = {
      kind: "user" as const,
      userId: s.owner.user.id,
      tokenId: s.owner.tokenId,
      memberships: new Map([[s.organization.id, "admin" as const]]),
    };
    await writeMainContent({ ...jobCtx(), caller, urls: { api: "", app: "" } }, s.space.id, [
      page("q", "Quokka", "a quokka smiles\n"),
    ] as never);
    await indexed(s.space.id);
    expect((await searchSpace(s.owner.token, s.space.id, "quokka")).json.count).toBe(1);
    const { data: copy } = await s.api.spaces.duplicateSpace(s.space.id);
    await indexed(copy.id);
    expect((await searchSpace(s.owner.token, copy.id, "walrus")).json.count).toBe(12);
    expect((await searchSpace(s.owner.token, copy.id, "quokka")).json.count).toBe(1);
  });

  it("drops deleted spaces from results at once and their rows at the purge", async () => {
    const s = await seedSpace();
    await mergePages(s.owner.token, s.space.id, [page("a", "Ocelot", "ocelot facts\n")]);
    expect((await searchOrg(s.owner.token, s.organization.id, "ocelot")).json.count).toBe(1);
    await s.api.spaces.deleteSpaceById(s.space.id);
    expect((await searchOrg(s.owner.token, s.organization.id, "ocelot")).json).toMatchObject({ items: [], count: 0 });
    await env.DB.prepare("UPDATE spaces SET deleted_at = 1 WHERE id = ?").bind(s.space.id).run();
    await purgeDeletedSpaces(jobCtx());
    for (const table of SPACE_SCOPED_TABLES) {
      const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE space_id = ?`)
        .bind(s.space.id)
        .first<{ n: number }>();
      expect(row!.n, table).toBe(0);
    }
    const fts = await env.DB.prepare(`SELECT count(*) AS n FROM search_fts WHERE search_fts MATCH '"ocelot"'`).first<{
      n: number;
    }>();
    expect(fts!.n).toBe(0);
  });
});

describe("searchOrganizationContent", () => {
  async function orgWithSpaces() {
    const s = await seedSpace("Handbook");
    await mergePages(s.owner.token, s.space.id, [
      page("a", "Lemur policy", "All about lemurs.\n"),
      page("b", "Travel", "Bring a lemur plushie.\n"),
    ]);
    const { data: second } = await s.api.orgs.createSpace(s.organization.id, { title: "Engineering" });
    await mergePages(s.owner.token, second.id, [page("c", "Build", "The lemur build server.\n")]);
    const { data: secret } = await s.api.orgs.createSpace(s.organization.id, { title: "Board" });
    await mergePages(s.owner.token, secret.id, [page("d", "Lemur acquisition", "Confidential lemur plans.\n")]);
    await s.api.spaces.updateSpaceById(secret.id, { defaultLevel: null });
    return { ...s, second, secret };
  }

  it("groups results by space, best space first, with the official client", async () => {
    const s = await orgWithSpaces();
    const { data } = await s.api.orgs.searchOrganizationContent(s.organization.id, { query: "lemur" });
    expect(data.count).toBe(3);
    expect(data.items.map((g) => g.id).sort()).toEqual([s.space.id, s.second.id, s.secret.id].sort());
    const handbook = data.items.find((g) => g.id === s.space.id)!;
    expect(handbook.title).toBe("Handbook");
    expect(handbook.pages.map((p) => p.title)).toEqual(["Lemur policy", "Travel"]);
    expect(handbook.pages[0].sections![0].body).toContain("<mark>lemurs</mark>");
    const paged = await s.api.orgs.searchOrganizationContent(s.organization.id, { query: "lemur", limit: 2 });
    const rest = await s.api.orgs.searchOrganizationContent(s.organization.id, {
      query: "lemur",
      limit: 2,
      page: paged.data.next!.page,
    });
    expect([...paged.data.items, ...rest.data.items].map((g) => g.id)).toEqual(data.items.map((g) => g.id));
  });

  it("shows members only the spaces they can read, and nothing to guests", async () => {
    const s = await orgWithSpaces();
    const reader = await seedMember(s.organization.id, "read");
    const res = await searchOrg(reader.token, s.organization.id, "lemur");
    expect(res.status).toBe(200);
    expect(ids(res).sort()).toEqual([s.space.id, s.second.id].sort());
    const guest = await seedMember(s.organization.id, null);
    expect((await searchOrg(guest.token, s.organization.id, "lemur")).json).toMatchObject({ items: [], count: 0 });
  });

  it("answers 401, 404 and 400 like every operation", async () => {
    const s = await orgWithSpaces();
    expect((await searchOrg(undefined, s.organization.id, "lemur")).status).toBe(401);
    const stranger = await seedUser("stranger");
    expect((await searchOrg(stranger.token, s.organization.id, "lemur")).status).toBe(404);
    const err = await searchOrg(s.owner.token, s.organization.id, "x".repeat(513));
    expect(err.status).toBe(400);
    expect(err.json.error.message).toMatch(/^query\.query/);
    for (const query of ['"', "NEAR(", "title:x", "*", "^", "🎉", "搜", "a OR b"]) {
      expect([200, 400]).toContain((await searchOrg(s.owner.token, s.organization.id, query)).status);
    }
    expect(
      (await client(s.owner.token).orgs.searchOrganizationContent(s.organization.id, { query: "   " })).data,
    ).toMatchObject({ items: [], count: 0 });
  });
});
