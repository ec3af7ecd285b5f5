import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { changeRequestWith, seedSpace, writeContent } from "../helpers/content";

/** Every page of a listPages tree, flattened. */
function allPages(pages: any[]): any[] {
  return pages.flatMap((p) => [p, ...allPages(p.pages ?? [])]);
}

describe("parallel writers to one space take turns instead of failing", () => {
  it("40 concurrent one-page writes into one change request all succeed and all pages are there", async () => {
    const s = await seedSpace();
    const { data: cr } = await s.api.spaces.createChangeRequest(s.space.id, { subject: "Bulk" });
    const writes = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        writeContent(s.owner.token, s.space.id, cr.id, [
          { operation: "insert_page", title: `Page ${i}`, document: { markdown: `Body of page ${i}.\n` } },
        ]),
      ),
    );
    expect(writes.map((w) => w.status)).toEqual(Array(40).fill(200));
    const { data } = await s.api.spaces.listPagesInChangeRequest(s.space.id, cr.id);
    const titles = allPages(data.pages as any[]).map((p) => p.title).sort();
    expect(titles).toEqual(Array.from({ length: 40 }, (_, i) => `Page ${i}`).sort());
  });

  it("8 concurrent merges of disjoint change requests all merge and every change is in main", async () => {
    const s = await seedSpace();
    const crs = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        changeRequestWith(s.owner.token, s.space.id, [{ operation: "insert_page", title: `Chapter ${i}`, document: { markdown: `Chapter ${i} text.\n` } }]),
      ),
    );
    const merges = await Promise.all(crs.map(({ cr }) => s.api.spaces.mergeChangeRequest(s.space.id, cr.id).then((r) => r.data)));
    expect(merges.map((m) => m.result)).toEqual(Array(8).fill("merge"));
    const { data } = await s.api.spaces.listPages(s.space.id);
    expect(allPages(data.pages as any[]).map((p) => p.title).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `Chapter ${i}`).sort());
    for (const { cr } of crs) expect((await s.api.spaces.getChangeRequestById(s.space.id, cr.id)).data.status).toBe("merged");
  });

  it("a true conflict among concurrent merges still answers conflicts and loses nothing", async () => {
    const s = await seedSpace();
    const { cr: seed, pages } = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "insert_page", title: "Shared", document: { markdown: "first line\nsecond line\n" } },
    ]);
    expect((await s.api.spaces.mergeChangeRequest(s.space.id, seed.id)).data.result).toBe("merge");
    const a = await changeRequestWith(s.owner.token, s.space.id, [{ operation: "update_page", page: pages[0], document: { markdown: "A line\nsecond line\n" } }]);
    const b = await changeRequestWith(s.owner.token, s.space.id, [{ operation: "update_page", page: pages[0], document: { markdown: "B line\nsecond line\n" } }]);
    const results = await Promise.all([a, b].map(({ cr }) => s.api.spaces.mergeChangeRequest(s.space.id, cr.id).then((r) => r.data.result)));
    expect([...results].sort()).toEqual(["conflicts", "merge"]);
    const merged = results[0] === "merge" ? "A line" : "B line";
    const { data } = await s.api.spaces.getPageById(s.space.id, pages[0], { format: "markdown" });
    expect((data as any).markdown).toBe(`${merged}\nsecond line\n`);
    const loser = results[0] === "merge" ? b.cr.id : a.cr.id;
    expect((await s.api.spaces.getChangeRequestById(s.space.id, loser)).data.status).toBe("open");
  });
});

describe("the space write coordinator", () => {
  it("hands the turn on when released, and after the lease when a holder never releases", async () => {
    const coordinator = env.SPACE_WRITES.get(env.SPACE_WRITES.idFromName("lease-test"));
    const first = await coordinator.acquire(200);
    const started = Date.now();
    const second = await coordinator.acquire(10_000); // waits for the first lease to lapse
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    await coordinator.release(first); // a stale token changes nothing
    let thirdHeld = false;
    const third = coordinator.acquire(10_000).then((token) => {
      thirdHeld = true;
      return token;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(thirdHeld).toBe(false);
    await coordinator.release(second);
    expect(typeof (await third)).toBe("string");
  });
});
