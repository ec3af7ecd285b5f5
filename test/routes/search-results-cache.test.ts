// Issue 11: a repeated space search is answered from the isolate's results while the index generation stands
// still (services/search/results-cache.ts), in the same one round trip, and never answers what the index no
// longer says: new pages, removed pages, moved pages (a path change moves only search_pages).
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { searchResults } from "../../src/services/search/results-cache";
import { changeRequestWith, seedSpace } from "../helpers/content";
import { countingD1 } from "../helpers/counting-d1";
import { client } from "../helpers/http";
import { indexed, mergePages, page } from "../helpers/search";

interface SearchBody {
  items: { id: string; path: string; sections: { body: string }[] }[];
  count: number;
  next?: { page: string };
}

/** The app over a D1 binding that records each request's statements. */
function countedApp() {
  const app = createApp();
  const { database, counter } = countingD1(env.DB);
  return async (token: string, spaceId: string, query: string, extra = "") => {
    counter.roundTrips = 0;
    counter.queries = [];
    const res = await app.request(
      `https://api.quire.test/v1/spaces/${spaceId}/search?query=${encodeURIComponent(query)}${extra}`,
      { headers: { authorization: `Bearer ${token}` } },
      { ...env, DB: database },
    );
    expect(res.status).toBe(200);
    const searched = counter.queries.some((q) => q.includes("search_fts"));
    return { body: (await res.json()) as SearchBody, roundTrips: counter.roundTrips, searched };
  };
}

async function mergeAndIndex(token: string, spaceId: string, changes: unknown[]) {
  const { cr } = await changeRequestWith(token, spaceId, changes);
  const merged = await client(token).spaces.mergeChangeRequest(spaceId, cr.id);
  expect(merged.data.result).toBe("merge");
  await indexed(spaceId);
}

describe("space search results kept in the isolate", () => {
  beforeEach(() => searchResults.clear());

  it("answers a repeated search from the isolate without running it, in one round trip", async () => {
    const { owner, space } = await seedSpace();
    await mergePages(owner.token, space.id, [
      page("a", "Alpha", "The zebra of alpha."),
      page("b", "Beta", "A zebra in beta too."),
    ]);
    const search = countedApp();
    const first = await search(owner.token, space.id, "zebra");
    expect(first.searched).toBe(true);
    expect(first.body.count).toBe(2);
    const again = await search(owner.token, space.id, "zebra");
    expect(again.searched).toBe(false);
    expect(again.roundTrips).toBe(1);
    expect(again.body).toEqual(first.body);
    // Another query, limit or cursor is another result.
    const limited = await search(owner.token, space.id, "zebra", "&limit=1");
    expect(limited.searched).toBe(true);
    expect(limited.body.items).toHaveLength(1);
    const next = await search(owner.token, space.id, "zebra", `&limit=1&page=${limited.body.next!.page}`);
    expect(next.searched).toBe(true);
    expect(next.body.items.map((p) => p.id)).toEqual([first.body.items[1].id]);
    expect((await search(owner.token, space.id, "zebra", `&limit=1&page=${limited.body.next!.page}`)).body).toEqual(
      next.body,
    );
  });

  it("searches again once the index moved: new, changed, moved and removed pages", async () => {
    const { owner, space } = await seedSpace();
    const [alpha, beta] = await mergePages(owner.token, space.id, [
      page("a", "Alpha", "The zebra of alpha."),
      page("b", "Beta", "Nothing here."),
    ]);
    const search = countedApp();
    await search(owner.token, space.id, "zebra");
    expect((await search(owner.token, space.id, "zebra")).searched).toBe(false);

    await mergeAndIndex(owner.token, space.id, [page("c", "Gamma", "Another zebra.")]);
    const added = await search(owner.token, space.id, "zebra");
    expect(added.searched).toBe(true);
    expect(added.body.items.map((p) => p.path).sort()).toEqual(["alpha", "gamma"]);

    await mergeAndIndex(owner.token, space.id, [
      { operation: "update_page", page: beta, document: { markdown: "A zebra now." } },
    ]);
    expect((await search(owner.token, space.id, "zebra")).body.count).toBe(3);

    // Only the path changes: the page's sections stay as they are, its search_pages row moves.
    await mergeAndIndex(owner.token, space.id, [{ operation: "update_page", page: alpha, slug: "renamed" }]);
    const moved = await search(owner.token, space.id, "zebra");
    expect(moved.searched).toBe(true);
    expect(moved.body.items.find((p) => p.id === alpha)?.path).toBe("renamed");

    await mergeAndIndex(owner.token, space.id, [{ operation: "delete_page", page: alpha }]);
    const removed = await search(owner.token, space.id, "zebra");
    expect(removed.body.count).toBe(2);
    expect(removed.body.items.map((p) => p.id)).not.toContain(alpha);
  });

  it("still checks access on every request", async () => {
    const { owner, space } = await seedSpace();
    await mergePages(owner.token, space.id, [page("a", "Alpha", "The zebra of alpha.")]);
    const search = countedApp();
    await search(owner.token, space.id, "zebra");
    const res = await createApp().request(
      `https://api.quire.test/v1/spaces/${space.id}/search?query=zebra`,
      { headers: { authorization: "Bearer qr_not-a-token" } },
      env,
    );
    expect(res.status).toBe(401);
    const { owner: stranger } = await seedSpace("Other");
    const denied = await createApp().request(
      `https://api.quire.test/v1/spaces/${space.id}/search?query=zebra`,
      { headers: { authorization: `Bearer ${stranger.token}` } },
      env,
    );
    expect(denied.status).toBe(404);
  });
});
