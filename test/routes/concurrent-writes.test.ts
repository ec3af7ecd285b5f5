import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { changeRequestWith, seedSpace, writeContent } from "../helpers/content";

const markdownOf = async (s: Awaited<ReturnType<typeof seedSpace>>, pageId: string) =>
  ((await s.api.spaces.getPageById(s.space.id, pageId, { format: "markdown" })).data as any).markdown as string;

describe("concurrent writers", () => {
  it("applies 40 concurrent one-page writes into one change request, none refused", async () => {
    const s = await seedSpace();
    const { data: cr } = await s.api.spaces.createChangeRequest(s.space.id, { subject: "Bulk import" });
    const titles = Array.from({ length: 40 }, (_, i) => `Page ${i}`);
    const responses = await Promise.all(
      titles.map((title) =>
        writeContent(s.owner.token, s.space.id, cr.id, [
          { operation: "insert_page", title, document: { markdown: `${title}\n` } },
        ]),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(titles.map(() => 200));

    const { data } = await s.api.spaces.listPagesInChangeRequest(s.space.id, cr.id);
    expect(data.pages.map((p) => p.title).sort()).toEqual([...titles].sort());
  });

  it("merges 8 concurrent change requests that touch different pages, all of them", async () => {
    const s = await seedSpace();
    const crs = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        changeRequestWith(s.owner.token, s.space.id, [
          { operation: "insert_page", title: `Chapter ${i}`, document: { markdown: `chapter ${i}\n` } },
        ]),
      ),
    );
    const results = await Promise.all(
      crs.map(({ cr }) => s.api.spaces.mergeChangeRequest(s.space.id, cr.id).then((r) => r.data.result)),
    );
    expect(results).toEqual(crs.map(() => "merge"));

    const { data } = await s.api.spaces.listPages(s.space.id);
    expect(data.pages.map((p) => p.title).sort()).toEqual(crs.map((_, i) => `Chapter ${i}`).sort());
    for (const [i, { pages }] of crs.entries()) expect(await markdownOf(s, pages[0])).toBe(`chapter ${i}\n`);
    for (const { cr } of crs)
      expect((await s.api.spaces.getChangeRequestById(s.space.id, cr.id)).data.status).toBe("merged");
  });

  it("takes writes into a change request and an update from main at the same time, all of them", async () => {
    const s = await seedSpace();
    const { data: cr } = await s.api.spaces.createChangeRequest(s.space.id, { subject: "Outdated" });
    const onMain = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "insert_page", title: "From main", document: { markdown: "main\n" } },
    ]);
    expect((await s.api.spaces.mergeChangeRequest(s.space.id, onMain.cr.id)).data.result).toBe("merge");

    const titles = Array.from({ length: 10 }, (_, i) => `Draft ${i}`);
    const [update, ...writes] = await Promise.all([
      s.api.spaces.updateChangeRequest(s.space.id, cr.id).then((r) => r.data.result),
      ...titles.map((title) =>
        writeContent(s.owner.token, s.space.id, cr.id, [
          { operation: "insert_page", title, document: { markdown: `${title}\n` } },
        ]).then((r) => r.status),
      ),
    ]);
    expect(update).toBe("update");
    expect(writes).toEqual(titles.map(() => 200));
    const { data } = await s.api.spaces.listPagesInChangeRequest(s.space.id, cr.id);
    expect(data.pages.map((p) => p.title).sort()).toEqual(["From main", ...titles].sort());
  });

  it("takes a turn for each write and none for reads", async () => {
    const s = await seedSpace();
    const { cr, pages } = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "insert_page", title: "Read me", document: { markdown: "hi\n" } },
    ]);
    const turns = vi.spyOn(env.SPACE_WRITES, "getByName");
    try {
      await s.api.spaces.listPagesInChangeRequest(s.space.id, cr.id);
      await s.api.spaces.getPageInChangeRequestById(s.space.id, cr.id, pages[0]);
      await s.api.spaces.getChangeRequestById(s.space.id, cr.id);
      await s.api.spaces.listPages(s.space.id);
      expect(turns).not.toHaveBeenCalled();
      await s.api.spaces.mergeChangeRequest(s.space.id, cr.id);
      expect(turns.mock.calls).toEqual([[s.space.id]]);
    } finally {
      turns.mockRestore();
    }
  });

  it("still reports a true conflict when two concurrent merges edit the same line", async () => {
    const s = await seedSpace();
    const seed = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "insert_page", title: "Intro", document: { markdown: "one\ntwo\nthree\n" } },
    ]);
    expect((await s.api.spaces.mergeChangeRequest(s.space.id, seed.cr.id)).data.result).toBe("merge");
    const intro = seed.pages[0];
    const a = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "update_page", page: intro, document: { markdown: "A\ntwo\nthree\n" } },
    ]);
    const b = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "update_page", page: intro, document: { markdown: "B\ntwo\nthree\n" } },
    ]);

    const results = await Promise.all(
      [a, b].map(({ cr }) => s.api.spaces.mergeChangeRequest(s.space.id, cr.id).then((r) => r.data.result)),
    );
    expect([...results].sort()).toEqual(["conflicts", "merge"]);
    const winner = results[0] === "merge" ? "A" : "B";
    expect(await markdownOf(s, intro)).toBe(`${winner}\ntwo\nthree\n`);
  });
});
