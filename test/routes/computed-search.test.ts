// Issue 15 (computed content in search): the search index holds the text of the pages a computed page generates
// (operation summaries, paths, descriptions), under the generated page's id and path, and follows new versions
// of the spec without any work on reads.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "../../src/db/client";
import { queueStaleSearchIndexes } from "../../src/services/search/search-index";
import { PETS_SPEC } from "../fixtures/openapi-pets";
import { changeRequestWith } from "../helpers/content";
import { client, ORIGIN, workerFetch } from "../helpers/http";
import { indexed } from "../helpers/search";
import { seedOrganization } from "../helpers/seed";
import { publishedPublicSite } from "../helpers/sites";
import { openApiSource, uploadSpec } from "../helpers/computed";

type Gb = ReturnType<typeof client>;

async function seedComputedSpace() {
  const { organization, owner } = await seedOrganization("Search team");
  const gb = client(owner.token);
  await uploadSpec(gb, organization.id, "pets", PETS_SPEC);
  const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Reference" });
  const { cr } = await changeRequestWith(owner.token, space.id, [
    { operation: "insert_page", title: "Intro", document: { markdown: "Hello.\n" } },
    { operation: "insert_page", title: "API reference", type: "computed", computed: openApiSource("pets") },
  ]);
  await gb.spaces.mergeChangeRequest(space.id, cr.id);
  await indexed(space.id);
  const generated = (await gb.spaces.listPages(space.id)).data.pages;
  return { organization, owner, gb, space, generated };
}

const search = async (gb: Gb, spaceId: string, query: string) =>
  (await gb.spaces.searchSpaceContent(spaceId, { query })).data.items;

describe("computed pages in search", () => {
  it("space search finds operation summaries, paths and descriptions under the generated page", async () => {
    const { gb, space, generated } = await seedComputedSpace();
    const pets = generated.find((p) => p.title === "pets")!;
    const stores = generated.find((p) => p.title === "stores")!;

    const bySummary = await search(gb, space.id, "List pets");
    expect(bySummary.map((p) => p.id)).toContain(pets.id);
    expect(bySummary.find((p) => p.id === pets.id)).toMatchObject({ title: "pets", path: "pets" });
    expect((await search(gb, space.id, "List stores")).map((p) => p.id)).toEqual([stores.id]);
    expect((await search(gb, space.id, "How many to return")).map((p) => p.id)).toEqual([pets.id]);
    expect((await search(gb, space.id, "petId")).map((p) => p.id)).toContain(pets.id);
    // The models page too; the computed page itself is never a result.
    const models = generated.find((p) => p.title === "Models")!;
    expect((await search(gb, space.id, "NewPet")).map((p) => p.id)).toContain(models.id);
    expect(JSON.stringify(await search(gb, space.id, "reference"))).not.toContain("API reference");
  });

  it("follows a new spec version (no re-merge), and the site search finds generated pages by their site URL", async () => {
    const { gb, organization, space, generated } = await seedComputedSpace();
    expect(await search(gb, space.id, "toys")).toEqual([]);
    const next = structuredClone(PETS_SPEC) as any;
    next.paths["/pets/{petId}/toys"] = {
      get: { tags: ["pets"], summary: "List toys of a pet", responses: { "200": { description: "The toys" } } },
    };
    delete next.paths["/stores"];
    next.tags = next.tags.filter((t: { name: string }) => t.name !== "stores");
    await uploadSpec(gb, organization.id, "pets", next);

    const pets = generated.find((p) => p.title === "pets")!;
    await vi.waitUntil(async () => (await search(gb, space.id, "toys")).length > 0, { timeout: 15_000, interval: 50 });
    expect((await search(gb, space.id, "toys")).map((p) => p.id)).toEqual([pets.id]);
    // The stores tag is gone from the spec: its page left the index.
    expect(await search(gb, space.id, "List stores")).toEqual([]);
    const state = await env.DB.prepare("SELECT computed_specs FROM search_index_state WHERE space_id = ?")
      .bind(space.id)
      .first<{ computed_specs: string }>();
    expect(state?.computed_specs).toMatch(/^pets=/);

    const site = await publishedPublicSite(gb, organization.id, space.id, "Pets docs");
    const res = await workerFetch(`${ORIGIN}/~site/${site.id}/~search.json?q=${encodeURIComponent("List toys")}`);
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: { title: string; href: string }[] };
    expect(items[0]?.href).toMatch(new RegExp(`^/~site/${site.id}/pets(#|$)`));
    const apiResults = (await gb.orgs.searchSiteContent(organization.id, site.id, { query: "List toys" } as never)).data
      .items;
    expect(apiResults[0]?.pages.map((p) => p.id)).toContain(pets.id);
  });

  it("the daily sweep re-queues a space whose index lags its spec versions (a lost message)", async () => {
    const { space } = await seedComputedSpace();
    const stateOf = async () =>
      (
        await env.DB.prepare("SELECT computed_specs FROM search_index_state WHERE space_id = ?")
          .bind(space.id)
          .first<{ computed_specs: string }>()
      )?.computed_specs;
    const current = await stateOf();
    expect(current).toMatch(/^pets=[^-]/);
    await env.DB.prepare("UPDATE search_index_state SET computed_specs = 'pets=-' WHERE space_id = ?")
      .bind(space.id)
      .run();
    expect(await queueStaleSearchIndexes({ db: createDb(env.DB), env: env as never, now: Date.now() })).toBeGreaterThan(
      0,
    );
    await vi.waitUntil(async () => (await stateOf()) === current, { timeout: 15_000, interval: 50 });
  });

  it("deleting the spec drops its generated pages from the index", async () => {
    const { gb, organization, space } = await seedComputedSpace();
    expect((await search(gb, space.id, "List pets")).length).toBeGreaterThan(0);
    await gb.orgs.deleteOpenApiSpecBySlug(organization.id, "pets");
    await vi.waitUntil(async () => (await search(gb, space.id, "List pets")).length === 0, {
      timeout: 15_000,
      interval: 50,
    });
    expect((await search(gb, space.id, "Hello")).length).toBe(1);
  });
});
