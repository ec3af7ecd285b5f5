import { describe, expect, it } from "vitest";
import { api, client, clientError } from "../helpers/http";
import { changeRequestWith, seedSpace, seedSpaceMember, writeContent } from "../helpers/content";

/** A space whose main has pages Intro (five lines), Guide and Guide/Child. */
async function spaceWithPages() {
  const seeded = await seedSpace();
  const { cr, pages } = await changeRequestWith(seeded.owner.token, seeded.space.id, [
    { operation: "insert_page", ref: "intro", title: "Intro", document: { markdown: "one\ntwo\nthree\nfour\nfive\n" } },
    { operation: "insert_page", ref: "guide", title: "Guide", document: { markdown: "guide\n" } },
  ]);
  await writeContent(seeded.owner.token, seeded.space.id, cr.id, [
    { operation: "insert_page", title: "Child", into: pages[1], document: { markdown: "child\n" } },
  ]);
  expect((await seeded.api.spaces.mergeChangeRequest(seeded.space.id, cr.id)).data.result).toBe("merge");
  const { data } = await seeded.api.spaces.listPages(seeded.space.id);
  const [intro, guide] = data.pages as any[];
  return { ...seeded, intro: intro.id as string, guide: guide.id as string, child: guide.pages[0].id as string };
}

const markdownOf = async (gb: ReturnType<typeof client>, spaceId: string, pageId: string) =>
  ((await gb.spaces.getPageById(spaceId, pageId, { format: "markdown" })).data as any).markdown as string;

describe("merging change requests", () => {
  it("merges two change requests that edit different pages", async () => {
    const s = await spaceWithPages();
    const a = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "update_page", page: s.intro, title: "Introduction" },
    ]);
    const b = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "update_page", page: s.guide, document: { markdown: "new guide\n" } },
    ]);
    expect((await s.api.spaces.mergeChangeRequest(s.space.id, a.cr.id)).data.result).toBe("merge");
    expect((await s.api.spaces.getChangeRequestById(s.space.id, b.cr.id)).data.outdated).toBe(true);
    expect((await s.api.spaces.mergeChangeRequest(s.space.id, b.cr.id)).data.result).toBe("merge");
    expect((await s.api.spaces.getPageById(s.space.id, s.intro)).data.title).toBe("Introduction");
    expect(await markdownOf(s.api, s.space.id, s.guide)).toBe("new guide\n");
  });

  it("keeps both sides' edits of different lines of one page", async () => {
    const s = await spaceWithPages();
    const a = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "update_page", page: s.intro, document: { markdown: "ONE\ntwo\nthree\nfour\nfive\n" } },
    ]);
    const b = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "update_page", page: s.intro, document: { markdown: "one\ntwo\nthree\nfour\nFIVE\n" } },
    ]);
    await s.api.spaces.mergeChangeRequest(s.space.id, a.cr.id);
    expect((await s.api.spaces.mergeChangeRequest(s.space.id, b.cr.id)).data.result).toBe("merge");
    expect(await markdownOf(s.api, s.space.id, s.intro)).toBe("ONE\ntwo\nthree\nfour\nFIVE\n");
  });

  it("reports conflicts on the same lines and changes nothing", async () => {
    const s = await spaceWithPages();
    const a = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "update_page", page: s.intro, document: { markdown: "A\ntwo\nthree\nfour\nfive\n" } },
    ]);
    const b = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "update_page", page: s.intro, document: { markdown: "B\ntwo\nthree\nfour\nfive\n" } },
    ]);
    await s.api.spaces.mergeChangeRequest(s.space.id, a.cr.id);
    const mainBefore = (await s.api.spaces.getCurrentRevision(s.space.id)).data.id;
    const result = await s.api.spaces.mergeChangeRequest(s.space.id, b.cr.id);
    expect(result.data).toMatchObject({ result: "conflicts", revision: mainBefore });
    expect((await s.api.spaces.getCurrentRevision(s.space.id)).data.id).toBe(mainBefore);
    expect((await s.api.spaces.getChangeRequestById(s.space.id, b.cr.id)).data.status).toBe("open");
    expect(await markdownOf(s.api, s.space.id, s.intro)).toBe("A\ntwo\nthree\nfour\nfive\n");
    // Updating the change request reports the same conflict and leaves it as it was.
    const headBefore = (await s.api.spaces.getChangeRequestById(s.space.id, b.cr.id)).data.revision;
    expect((await s.api.spaces.updateChangeRequest(s.space.id, b.cr.id)).data.result).toBe("conflicts");
    expect((await s.api.spaces.getChangeRequestById(s.space.id, b.cr.id)).data.revision).toBe(headBefore);
  });

  it("merges a move on one side with an edit on the other", async () => {
    const s = await spaceWithPages();
    const move = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "update_page", page: s.child, into: null, at: 0 },
    ]);
    const edit = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "update_page", page: s.child, document: { markdown: "edited child\n" } },
    ]);
    await s.api.spaces.mergeChangeRequest(s.space.id, edit.cr.id);
    expect((await s.api.spaces.mergeChangeRequest(s.space.id, move.cr.id)).data.result).toBe("merge");
    const { data } = await s.api.spaces.listPages(s.space.id);
    expect(data.pages.map((p) => p.id)).toEqual([s.child, s.intro, s.guide]);
    expect(await markdownOf(s.api, s.space.id, s.child)).toBe("edited child\n");
    expect((await s.api.spaces.getPageByPath(s.space.id, "child")).data.id).toBe(s.child);
  });

  it("reports a conflict when a page is deleted on one side and edited on the other", async () => {
    const s = await spaceWithPages();
    const del = await changeRequestWith(s.owner.token, s.space.id, [{ operation: "delete_page", page: s.guide }]);
    const edit = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "update_page", page: s.child, title: "Renamed child" },
    ]);
    await s.api.spaces.mergeChangeRequest(s.space.id, edit.cr.id);
    const result = await s.api.spaces.mergeChangeRequest(s.space.id, del.cr.id);
    expect(result.data.result).toBe("conflicts");
    expect((await s.api.spaces.getPageById(s.space.id, s.guide)).data.title).toBe("Guide");
  });

  it("updates a change request from main, then merges it", async () => {
    const s = await spaceWithPages();
    const mine = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "update_page", page: s.intro, title: "Mine" },
    ]);
    const other = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "insert_page", title: "From main", document: { markdown: "m\n" } },
    ]);
    await s.api.spaces.mergeChangeRequest(s.space.id, other.cr.id);
    const main = (await s.api.spaces.getCurrentRevision(s.space.id)).data.id;
    const updated = await s.api.spaces.updateChangeRequest(s.space.id, mine.cr.id);
    expect(updated.data.result).toBe("update");
    const cr = (await s.api.spaces.getChangeRequestById(s.space.id, mine.cr.id)).data;
    expect(cr).toMatchObject({ revision: updated.data.revision, revisionMergedAncestor: main, outdated: false });
    expect((await s.api.spaces.getRevisionById(s.space.id, updated.data.revision)).data.type).toBe("update");
    expect(
      (await s.api.spaces.listPagesInChangeRequest(s.space.id, mine.cr.id)).data.pages.map((p) => p.title),
    ).toContain("From main");
    expect((await s.api.spaces.mergeChangeRequest(s.space.id, mine.cr.id)).data.result).toBe("merge");
    const titles = (await s.api.spaces.listPages(s.space.id)).data.pages.map((p) => p.title);
    expect(titles).toEqual(["Mine", "Guide", "From main"]);
  });

  it("never loses a write when two merges race", async () => {
    const s = await spaceWithPages();
    const a = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "insert_page", title: "A", document: { markdown: "a\n" } },
    ]);
    const b = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "insert_page", title: "B", document: { markdown: "b\n" } },
    ]);
    const results = await Promise.all([
      s.api.spaces.mergeChangeRequest(s.space.id, a.cr.id),
      s.api.spaces.mergeChangeRequest(s.space.id, b.cr.id),
    ]);
    expect(results.map((r) => r.data.result)).toEqual(["merge", "merge"]);
    const titles = (await s.api.spaces.listPages(s.space.id)).data.pages.map((p) => p.title);
    expect(titles).toEqual(expect.arrayContaining(["A", "B", "Intro", "Guide"]));
    const current = (await s.api.spaces.getCurrentRevision(s.space.id)).data;
    expect([results[0].data.revision, results[1].data.revision]).toContain(current.id);
  });

  it("needs the review role, refuses locked spaces (403) and archived change requests (409)", async () => {
    const s = await spaceWithPages();
    const editor = await seedSpaceMember(s.organization.id, "edit");
    const cr = await changeRequestWith(editor.token, s.space.id, [
      { operation: "update_page", page: s.intro, title: "Edited" },
    ]);
    expect((await clientError(client(editor.token).spaces.mergeChangeRequest(s.space.id, cr.cr.id))).code).toBe(403);
    const reviewer = await seedSpaceMember(s.organization.id, "review");
    await s.api.spaces.updateSpaceById(s.space.id, { editMode: "locked" as never });
    expect((await clientError(client(reviewer.token).spaces.mergeChangeRequest(s.space.id, cr.cr.id))).code).toBe(403);
    await s.api.spaces.updateSpaceById(s.space.id, { editMode: "live" as never });
    await s.api.spaces.updateChangeRequestById(s.space.id, cr.cr.id, { status: "archived" });
    expect((await clientError(client(reviewer.token).spaces.mergeChangeRequest(s.space.id, cr.cr.id))).code).toBe(409);
    const archivedWrite = await writeContent(editor.token, s.space.id, cr.cr.id, [
      { operation: "update_page", page: s.intro, title: "Again" },
    ]);
    expect(archivedWrite.status).toBe(409);
    await s.api.spaces.updateChangeRequestById(s.space.id, cr.cr.id, { status: "open" });
    expect((await client(reviewer.token).spaces.mergeChangeRequest(s.space.id, cr.cr.id)).data.result).toBe("merge");
  });
});

describe("merges racing writes", () => {
  it("never loses a change-request write that races its merge", async () => {
    for (let round = 0; round < 4; round++) {
      const s = await seedSpace();
      const { cr } = await changeRequestWith(s.owner.token, s.space.id, [
        { operation: "insert_page", title: "First", document: { markdown: "1\n" } },
      ]);
      const [merge, write] = await Promise.all([
        s.api.spaces.mergeChangeRequest(s.space.id, cr.id),
        writeContent(s.owner.token, s.space.id, cr.id, [
          { operation: "insert_page", title: "Late", document: { markdown: "2\n" } },
        ]),
      ]);
      expect(merge.data.result).toBe("merge");
      const titles = (await s.api.spaces.listPages(s.space.id)).data.pages.map((p) => p.title);
      if (write.status === 200)
        expect(titles, `round ${round}: the write landed, so the merge must carry it`).toContain("Late");
      else expect(write.status, `round ${round}: ${write.text}`).toBe(409);
      expect(titles).toContain("First");
      // Once merged, status cannot be reopened, even by a PATCH that raced the merge.
      const reopen = await api("PATCH", `/spaces/${s.space.id}/change-requests/${cr.id}`, {
        token: s.owner.token,
        body: { status: "open" },
      });
      expect(reopen.status).toBe(409);
    }
  });
});
