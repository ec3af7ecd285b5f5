import { describe, expect, it } from "vitest";
import { api, client, clientError, workerFetch } from "../helpers/http";
import { changeRequestWith, seedSpace, seedSpaceMember } from "../helpers/content";

const png = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEUlEQVR4nGP8z8DAwMDAwMAAAAsAAQ0BsuQAAAAASUVORK5CYII="),
  (c) => c.charCodeAt(0),
);

/** A space whose main has Guide > Install (with a file), merged from one change request. */
async function mergedSpace() {
  const seeded = await seedSpace();
  const { cr, response } = await changeRequestWith(seeded.owner.token, seeded.space.id, [
    {
      operation: "insert_files",
      files: [{ ref: "img", name: "img.png", contentType: "image/png", base64: btoa(String.fromCharCode(...png)) }],
    },
    { operation: "insert_page", ref: "guide", title: "Guide", document: { markdown: "# Guide\n\nStart **here**.\n" } },
  ]);
  const guide = response.changes[0].page.id as string;
  const file = response.insertedFiles[0].id as string;
  const more = await api("POST", `/spaces/${seeded.space.id}/change-requests/${cr.id}/content?compat=false`, {
    token: seeded.owner.token,
    body: {
      changes: [
        {
          operation: "insert_page",
          title: "Install",
          into: guide,
          document: { markdown: `![img](/files/${file})\n` },
        },
      ],
    },
  });
  const install = more.json.changes[0].page.id as string;
  const merged = await seeded.api.spaces.mergeChangeRequest(seeded.space.id, cr.id);
  return { ...seeded, cr, guide, install, file, revision: merged.data.revision };
}

describe("reading revisions, pages, files and documents", () => {
  it("serves every read of a past revision", async () => {
    const s = await mergedSpace();
    const gb = s.api;
    // Change main again so that the merged revision is no longer current.
    await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "update_page", page: s.guide, title: "Guide v2" },
    ]).then((c) => gb.spaces.mergeChangeRequest(s.space.id, c.cr.id));
    const pages = await gb.spaces.listPagesInRevisionById(s.space.id, s.revision);
    expect(pages.data.pages.map((p) => p.title)).toEqual(["Guide"]);
    const files = await gb.spaces.listFilesInRevisionById(s.space.id, s.revision);
    expect(files.data.items.map((f) => f.id)).toEqual([s.file]);
    const file = await gb.spaces.getFileInRevisionById(s.space.id, s.revision, s.file);
    expect(file.data).toMatchObject({ name: "img.png", dimensions: { width: 2, height: 3 } });
    expect((await workerFetch(file.data.downloadURL)).status).toBe(200);
    const page = await gb.spaces.getPageInRevisionById(s.space.id, s.revision, s.guide);
    expect(page.data).toMatchObject({ title: "Guide", markdown: "# Guide\n\nStart **here**.\n" });
    const byPath = await gb.spaces.getPageInRevisionByPath(s.space.id, s.revision, "guide/install");
    expect(byPath.data.id).toBe(s.install);
    const doc = await gb.spaces.getPageDocumentInRevisionById(s.space.id, s.revision, s.guide);
    expect(doc.data).toMatchObject({
      object: "document",
      nodes: [expect.objectContaining({ type: "heading-1" }), expect.objectContaining({ type: "paragraph" })],
    });
    const revision = await gb.spaces.getRevisionById(s.space.id, s.revision);
    expect(revision.data).toMatchObject({
      object: "revision",
      id: s.revision,
      type: "merge",
      files: [expect.objectContaining({ id: s.file })],
    });
    // Current main reflects the later change.
    expect((await gb.spaces.getPageById(s.space.id, s.guide)).data.title).toBe("Guide v2");
  });

  it("serves a page as markdown by default and as a document with format=document, and documents by id", async () => {
    const s = await mergedSpace();
    const md = await s.api.spaces.getPageById(s.space.id, s.guide);
    expect((md.data as any).markdown).toBe("# Guide\n\nStart **here**.\n");
    expect((md.data as any).document).toBeUndefined();
    const asDoc = await s.api.spaces.getPageById(s.space.id, s.guide, { format: "document" });
    expect((asDoc.data as any).markdown).toBeUndefined();
    const documentId = (md.data as any).documentId as string;
    const byId = await s.api.spaces.getDocumentById(s.space.id, documentId);
    expect(byId.data).toEqual((asDoc.data as any).document);
    expect((await clientError(s.api.spaces.getDocumentById(s.space.id, "nope"))).code).toBe(404);
    const bad = await api("GET", `/spaces/${s.space.id}/content/page/${s.guide}?format=pdf`, { token: s.owner.token });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/^query\.format/);
  });

  it("answers 404 for reusable contents, pages, files and revisions that do not exist", async () => {
    const s = await mergedSpace();
    const gb = s.api;
    const missing = [
      gb.spaces.getReusableContentById(s.space.id, "nope"),
      gb.spaces.getReusableContentInRevisionById(s.space.id, s.revision, "nope"),
      gb.spaces.getReusableContentDocumentInRevisionById(s.space.id, s.revision, "nope"),
      gb.spaces.getReusableContentInChangeRequestById(s.space.id, s.cr.id, "nope"),
      gb.spaces.getPageById(s.space.id, "nope"),
      gb.spaces.getPageByPath(s.space.id, "guide/nope"),
      gb.spaces.getRevisionById(s.space.id, "nope"),
      gb.spaces.getFileInRevisionById(s.space.id, s.revision, "nope"),
    ];
    // Handlers attached at once: a call that fails before an earlier one is awaited is not an unhandled rejection.
    const errors = await Promise.all(missing.map((call) => clientError(call)));
    expect(errors.map((e) => e.code)).toEqual(missing.map(() => 404));
    // A revision of another space is not readable through this one.
    const other = await seedSpace("Other");
    expect((await clientError(other.api.spaces.getRevisionById(other.space.id, s.revision))).code).toBe(404);
  });

  it("hides content from non-members (404) and requires a token (401); readers can read", async () => {
    const s = await mergedSpace();
    const reader = await seedSpaceMember(s.organization.id, "read");
    expect((await client(reader.token).spaces.getPageById(s.space.id, s.guide)).data.title).toBe("Guide");
    const stranger = await seedSpace("Elsewhere");
    expect((await clientError(stranger.api.spaces.listPages(s.space.id))).code).toBe(404);
    expect((await clientError(stranger.api.spaces.getRevisionById(s.space.id, s.revision))).code).toBe(404);
    expect((await clientError(client().spaces.listPages(s.space.id))).code).toBe(401);
    await s.api.spaces.deleteSpaceById(s.space.id);
    expect((await clientError(s.api.spaces.listPages(s.space.id))).code).toBe(404);
  });
});

describe("change request list filters and write responses", () => {
  it("filters by contributor and returns the change request by default (compat=true)", async () => {
    const s = await seedSpace();
    const editor = await seedSpaceMember(s.organization.id, "edit");
    const { data: mine } = await s.api.spaces.createChangeRequest(s.space.id, { subject: "owner's" });
    const { data: theirs } = await client(editor.token).spaces.createChangeRequest(s.space.id, { subject: "editor's" });
    const res = await api("POST", `/spaces/${s.space.id}/change-requests/${mine.id}/content`, {
      token: editor.token,
      body: { changes: [{ operation: "insert_page", title: "Help", document: { markdown: "help\n" } }] },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ object: "change-request", id: mine.id });
    expect(res.json.revision).not.toBe(mine.revision);
    const byEditor = await s.api.spaces.listChangeRequestsForSpace(s.space.id, { contributor: editor.user.id });
    expect(byEditor.data.items.map((c) => c.id).sort()).toEqual([mine.id, theirs.id].sort());
    const byOwner = await s.api.spaces.listChangeRequestsForSpace(s.space.id, { contributor: s.owner.user.id });
    expect(byOwner.data.items.map((c) => c.id)).toEqual([mine.id]);
  });
});
