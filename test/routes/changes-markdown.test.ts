// `content=markdown` on the semantic changes (Quire's own): each page change of the answer carries the page's
// markdown before and after, so a diff needs no further request; without it the answer is as before.
import { describe, expect, it } from "vitest";
import { forgetBodies } from "../../src/services/revisions/body-cache";
import { changeRequestWith, seedSpace } from "../helpers/content";
import { countedApp } from "../helpers/counting-d1";
import { api, workerFetch } from "../helpers/http";

/** Main holds Edited, Removed and Renamed; a change request edits, deletes, renames and adds a page. */
async function changedSpace() {
  const seeded = await seedSpace();
  const base = await changeRequestWith(seeded.owner.token, seeded.space.id, [
    { operation: "insert_page", title: "Edited", document: { markdown: "The old words here.\n" } },
    { operation: "insert_page", title: "Removed", document: { markdown: "Going away.\n" } },
    { operation: "insert_page", title: "Renamed", document: { markdown: "Same body.\n" } },
  ]);
  await seeded.api.spaces.mergeChangeRequest(seeded.space.id, base.cr.id);
  const [edited, removed, renamed] = base.pages;
  const { cr, pages } = await changeRequestWith(seeded.owner.token, seeded.space.id, [
    { operation: "update_page", page: edited, document: { markdown: "The new words here.\n" } },
    { operation: "delete_page", page: removed },
    { operation: "update_page", page: renamed, title: "Renamed again" },
    { operation: "insert_page", title: "Added", document: { markdown: "Brand new.\n" } },
  ]);
  return { ...seeded, cr, edited, removed, renamed, added: pages[3] };
}

type Change = { type: string; page?: { id: string }; markdown?: { before?: string; after?: string } };
const pageChange = (changes: Change[], type: string, id: string) =>
  changes.find((c) => c.type === type && c.page?.id === id);

/** The answer with `markdown` taken out of each change. */
const withoutMarkdown = (body: { changes: Change[] }) => ({
  ...body,
  changes: body.changes.map(({ markdown: _, ...rest }) => rest),
});

describe("content=markdown on the semantic changes", () => {
  it("gives a change request's page changes their markdown at the base and at its head", async () => {
    const s = await changedSpace();
    const path = `/spaces/${s.space.id}/change-requests/${s.cr.id}/changes`;
    const plain = await api("GET", path, { token: s.owner.token });
    expect(plain.status).toBe(200);
    expect(plain.text).not.toContain('"markdown"');

    const res = await api("GET", `${path}?content=markdown`, { token: s.owner.token });
    expect(res.status).toBe(200);
    const changes = res.json.changes as Change[];
    expect(pageChange(changes, "page_edited", s.edited)?.markdown).toEqual({
      before: "The old words here.\n",
      after: "The new words here.\n",
    });
    expect(pageChange(changes, "page_created", s.added)?.markdown).toEqual({ after: "Brand new.\n" });
    expect(pageChange(changes, "page_deleted", s.removed)?.markdown).toEqual({ before: "Going away.\n" });
    // A page edited without a new document (a title) carries none.
    const renamed = pageChange(changes, "page_edited", s.renamed) as Change & { attributes: object };
    expect(renamed.attributes).toHaveProperty("title");
    expect(renamed.markdown).toBeUndefined();
    // Otherwise the same answer, byte for byte.
    expect(JSON.stringify(withoutMarkdown(res.json))).toBe(plain.text);
  });

  it("reads only the answered changes' bodies, in one round trip whatever their number", async () => {
    const s = await changedSpace();
    const { request } = countedApp();
    const path = `/spaces/${s.space.id}/change-requests/${s.cr.id}/changes`;
    const plain = await request(path, s.owner.token);
    forgetBodies();
    const full = await request(`${path}?content=markdown`, s.owner.token);
    expect(full.res.status).toBe(200);
    expect(full.roundTrips).toBe(plain.roundTrips + 1);
    expect(full.statements.filter((q) => q.includes("content_blobs"))).toHaveLength(1);
    // Bodies the isolate holds are not read again.
    const warm = await request(`${path}?content=markdown`, s.owner.token);
    expect(warm.roundTrips).toBe(plain.roundTrips);
    expect(await warm.res.json()).toEqual(await full.res.json());

    forgetBodies();
    const one = await request(`${path}?content=markdown&limit=1`, s.owner.token);
    const body = await one.res.json<{ changes: Change[]; more: number }>();
    expect(body.changes).toHaveLength(1);
    expect(body.more).toBeGreaterThan(0);
    expect(body.changes[0]!.markdown).toBeDefined();
  });

  it("gives a revision's page changes their markdown at its parent and at the revision", async () => {
    const s = await changedSpace();
    const merged = await s.api.spaces.mergeChangeRequest(s.space.id, s.cr.id);
    const path = `/spaces/${s.space.id}/revisions/${merged.data.revision}/changes`;
    const plain = await api("GET", path, { token: s.owner.token });
    expect(plain.status).toBe(200);
    expect(plain.text).not.toContain('"markdown"');
    const res = await api("GET", `${path}?content=markdown`, { token: s.owner.token });
    expect(res.status).toBe(200);
    const changes = res.json.changes as Change[];
    expect(pageChange(changes, "page_edited", s.edited)?.markdown).toEqual({
      before: "The old words here.\n",
      after: "The new words here.\n",
    });
    expect(pageChange(changes, "page_created", s.added)?.markdown).toEqual({ after: "Brand new.\n" });
    expect(pageChange(changes, "page_deleted", s.removed)?.markdown).toEqual({ before: "Going away.\n" });
    expect(JSON.stringify(withoutMarkdown(res.json))).toBe(plain.text);
  });

  it("is documented on both reads of changes as a Quire extension", async () => {
    const doc = await (await workerFetch("https://api.quire.test/openapi.json")).json<any>();
    for (const path of [
      "/spaces/{spaceId}/change-requests/{changeRequestId}/changes",
      "/spaces/{spaceId}/revisions/{revisionId}/changes",
    ]) {
      const content = doc.paths[`/v1${path}`].get.parameters.find((p: { name: string }) => p.name === "content");
      expect(content.schema.enum, path).toEqual(["markdown"]);
      expect(content.description ?? content.schema.description, path).toMatch(/Quire extension/);
    }
  });

  it("refuses an unknown value with 400, and guards the read as without it", async () => {
    const s = await changedSpace();
    const merged = await s.api.spaces.mergeChangeRequest(s.space.id, s.cr.id);
    const paths = [
      `/spaces/${s.space.id}/change-requests/${s.cr.id}/changes`,
      `/spaces/${s.space.id}/revisions/${merged.data.revision}/changes`,
    ];
    const outsider = await seedSpace("Other");
    for (const path of paths) {
      const bad = await api("GET", `${path}?content=html`, { token: s.owner.token });
      expect(bad.status, path).toBe(400);
      expect(bad.json).toEqual({ error: { code: 400, message: expect.stringMatching(/^query\.content/) } });
      expect((await api("GET", `${path}?content=markdown`)).status, path).toBe(401);
      const foreign = await api("GET", `${path}?content=markdown`, { token: outsider.owner.token });
      expect(foreign.status, path).toBe(404);
      expect(foreign.json.error.code).toBe(404);
    }
  });
});
