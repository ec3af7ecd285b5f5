import { describe, expect, it } from "vitest";
import { api, client, clientError } from "../helpers/http";
import { changeRequestWith, seedSpace, seedSpaceMember, writeContent } from "../helpers/content";

describe("change requests", () => {
  it("creates, numbers, lists, gets by id or number and updates change requests", async () => {
    const { space, owner, api: gb } = await seedSpace();
    const first = await gb.spaces.createChangeRequest(space.id, { subject: "First" });
    expect(first.status).toBe(201);
    expect(first.data).toMatchObject({
      object: "change-request",
      number: 1,
      status: "open",
      subject: "First",
      revision: space.revision,
      revisionInitial: space.revision,
      comments: 0,
      outdated: false,
      createdBy: { id: owner.user.id },
    });
    const second = (await gb.spaces.createChangeRequest(space.id, {})).data;
    expect(second.number).toBe(2);
    expect((await gb.spaces.getChangeRequestById(space.id, "2")).data.id).toBe(second.id);
    const list = await gb.spaces.listChangeRequestsForSpace(space.id, { limit: 1 });
    expect(list.data.count).toBe(2);
    expect(list.data.items[0].number).toBe(2);
    const next = await gb.spaces.listChangeRequestsForSpace(space.id, { limit: 1, page: list.data.next!.page });
    expect(next.data.items[0].number).toBe(1);
    expect(next.data.next).toBeUndefined();

    const drafted = await gb.spaces.updateChangeRequestById(space.id, first.data.id, {
      status: "draft" as never,
      subject: "Renamed",
    });
    expect(drafted.data).toMatchObject({ status: "draft" as never, subject: "Renamed" });
    expect((await gb.spaces.listChangeRequestsForSpace(space.id)).data.items.map((c) => c.number)).toEqual([2]);
    expect(
      (await gb.spaces.listChangeRequestsForSpace(space.id, { status: "draft" as never })).data.items.map(
        (c) => c.number,
      ),
    ).toEqual([1]);
  });

  it("validates input and refuses what the role does not allow", async () => {
    const { space, organization, api: gb } = await seedSpace();
    const long = await clientError(gb.spaces.createChangeRequest(space.id, { subject: "x".repeat(101) }));
    expect(long.code).toBe(400);
    expect(long.errorMessage).toMatch(/^body\.subject/);
    const { data: cr } = await gb.spaces.createChangeRequest(space.id, {});
    const bad = await api("PATCH", `/spaces/${space.id}/change-requests/${cr.id}`, {
      token: (await seedSpaceMember(organization.id, "admin")).token,
      body: { status: "merged" },
    });
    expect(bad.status).toBe(400);

    const reader = await seedSpaceMember(organization.id, "read");
    expect((await clientError(client(reader.token).spaces.createChangeRequest(space.id, {}))).code).toBe(403);
    expect((await client(reader.token).spaces.getChangeRequestById(space.id, cr.id)).data.id).toBe(cr.id);
    const writeByReader = await writeContent(reader.token, space.id, cr.id, [
      { operation: "insert_page", title: "x", document: {} },
    ]);
    expect(writeByReader.status).toBe(403);
    const outsider = await seedSpace("Other");
    expect((await clientError(outsider.api.spaces.getChangeRequestById(space.id, cr.id))).code).toBe(404);
    expect((await clientError(gb.spaces.getChangeRequestById(space.id, "999"))).code).toBe(404);
    expect((await clientError(client().spaces.getChangeRequestById(space.id, cr.id))).code).toBe(401);
  });

  it("writes pages into a change request and reads them back in every form", async () => {
    const { space, owner, api: gb } = await seedSpace();
    const { cr, pages, response } = await changeRequestWith(owner.token, space.id, [
      {
        operation: "insert_page",
        ref: "guide",
        document: { markdown: "---\ndescription: All about it\n---\n# Guide\n\nRead [intro](./intro.md).\n" },
      },
      {
        operation: "insert_page",
        ref: "intro",
        title: "Intro",
        into: undefined,
        document: { markdown: "Hello **world**\n" },
      },
    ]);
    expect(response.changes.map((c: any) => [c.object, c.ref])).toEqual([
      ["created_page", "guide"],
      ["created_page", "intro"],
    ]);
    const [guideId, introId] = pages;
    await writeContent(owner.token, space.id, cr.id, [
      { operation: "insert_page", title: "Nested", into: guideId, document: { markdown: "deep\n" } },
    ]);

    const { data: listed } = await gb.spaces.listPagesInChangeRequest(space.id, cr.id);
    expect(listed.pages.map((p) => p.title)).toEqual(["Guide", "Intro"]);
    const guide = listed.pages[0] as any;
    expect(guide).toMatchObject({ type: "document", slug: "guide", path: "guide", description: "All about it" });
    expect(guide.pages.map((p: any) => p.path)).toEqual(["guide/nested"]);

    const page = await gb.spaces.getPageInChangeRequestById(space.id, cr.id, guideId);
    expect((page.data as any).markdown).toContain(`[intro](/pages/${introId})`);
    const byPath = await gb.spaces.getPageInChangeRequestByPath(space.id, cr.id, "guide/nested");
    expect(byPath.data.title).toBe("Nested");
    const doc = await gb.spaces.getPageInChangeRequestById(space.id, cr.id, introId, { format: "document" });
    expect((doc.data as any).document).toMatchObject({ object: "document" });

    // Main is untouched until the merge.
    expect((await gb.spaces.listPages(space.id)).data.pages).toEqual([]);
    const revision = await gb.spaces.getRevisionOfChangeRequestById(space.id, cr.id);
    expect(revision.data.pages).toHaveLength(2);
    const changes = await gb.spaces.getChangeRequestChanges(space.id, cr.id);
    expect(changes.data.changes.filter((c) => c.type === "page_created")).toHaveLength(3);
  });

  it("rejects a batch with one invalid change and writes nothing", async () => {
    const { space, owner, api: gb } = await seedSpace();
    const { cr, pages } = await changeRequestWith(owner.token, space.id, [
      { operation: "insert_page", title: "Keep", document: { markdown: "keep\n" } },
    ]);
    const before = (await gb.spaces.getChangeRequestById(space.id, cr.id)).data.revision;
    const res = await writeContent(owner.token, space.id, cr.id, [
      { operation: "update_page", page: pages[0], title: "Changed" },
      { operation: "delete_page", page: "does-not-exist" },
    ]);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/^body\.changes\.1: /);
    expect((await gb.spaces.getChangeRequestById(space.id, cr.id)).data.revision).toBe(before);
    expect((await gb.spaces.listPagesInChangeRequest(space.id, cr.id)).data.pages[0].title).toBe("Keep");
    for (const body of [
      { changes: [] },
      { changes: [{ operation: "explode" }] },
      { changes: new Array(51).fill({ operation: "delete_page", page: "x" }) },
    ]) {
      const r = await api("POST", `/spaces/${space.id}/change-requests/${cr.id}/content`, { token: owner.token, body });
      expect(r.status).toBe(400);
    }
  });

  it("merges into main, and then refuses writes and a second merge with 409", async () => {
    const { space, owner, api: gb } = await seedSpace();
    const { cr, pages } = await changeRequestWith(owner.token, space.id, [
      { operation: "insert_page", title: "Welcome", document: { markdown: "# Welcome\n\nHi\n" } },
    ]);
    const merged = await gb.spaces.mergeChangeRequest(space.id, cr.id);
    expect(merged.data.result).toBe("merge");
    const after = (await gb.spaces.getChangeRequestById(space.id, cr.id)).data;
    expect(after).toMatchObject({ status: "merged", revisionMerged: merged.data.revision });
    const current = await gb.spaces.getCurrentRevision(space.id);
    expect(current.data).toMatchObject({
      id: merged.data.revision,
      type: "merge",
      parents: [space.revision, expect.any(String)],
    });
    expect((current.data as any).mergedFrom).toMatchObject({ id: cr.id, object: "change-request" });
    expect((await gb.spaces.getPageById(space.id, pages[0])).data.title).toBe("Welcome");
    expect((await gb.spaces.getPageByPath(space.id, "welcome")).data.id).toBe(pages[0]);
    expect((await clientError(gb.spaces.mergeChangeRequest(space.id, cr.id))).code).toBe(409);
    expect(
      (await writeContent(owner.token, space.id, cr.id, [{ operation: "delete_page", page: pages[0] }])).status,
    ).toBe(409);
    expect((await clientError(gb.spaces.updateChangeRequestById(space.id, cr.id, { status: "open" }))).code).toBe(409);
    // Earlier revisions stay readable.
    const initial = await gb.spaces.getRevisionById(space.id, space.revision);
    expect(initial.data.pages).toEqual([]);
    const changes = await gb.spaces.getRevisionSemanticChanges(space.id, merged.data.revision);
    expect(changes.data.changes).toEqual([expect.objectContaining({ type: "page_created" })]);
  });
});

describe("space counters", () => {
  it("counts change requests by status on the space", async () => {
    const { space, api: gb } = await seedSpace();
    const a = (await gb.spaces.createChangeRequest(space.id, {})).data;
    await gb.spaces.createChangeRequest(space.id, {});
    await gb.spaces.updateChangeRequestById(space.id, a.id, { status: "draft" as never });
    const { data } = await gb.spaces.getSpaceById(space.id);
    expect(data).toMatchObject({ changeRequests: 2, changeRequestsOpen: 1, changeRequestsDraft: 1, comments: 0 });
  });
});
