import { ContentReferenceStatus as Status } from "@gitbook/api";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { changeRequestWith, seedSpace } from "../helpers/content";

type Location = { kind: string; page?: any; file?: any; url?: string; internalLocation?: { anchor: string } };
type Usage = { status: string; relation: string; targetReference?: Location; locationReferences: Location[] };

const describeTarget = (t?: Location) =>
  !t
    ? "none"
    : t.kind === "page"
      ? `page:${t.page.id}${t.internalLocation ? `#${t.internalLocation.anchor}` : ""}`
      : t.kind === "file"
        ? `file:${t.file.id}`
        : `url:${t.url}`;
const byTarget = (items: unknown[]) =>
  Object.fromEntries((items as Usage[]).map((u) => [describeTarget(u.targetReference), u]));

const png = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

/** Merges a change request made of `changes` into main and returns the page ids it reported. */
async function merged(s: Awaited<ReturnType<typeof seedSpace>>, changes: unknown[]) {
  const { cr, pages, response } = await changeRequestWith(s.owner.token, s.space.id, changes);
  expect((await s.api.spaces.mergeChangeRequest(s.space.id, cr.id)).data.result).toBe("merge");
  return { pages, response };
}

describe("broken links keep their kind", () => {
  it("a link to a page deleted from main stays a page reference, broken, counted once", async () => {
    const s = await seedSpace();
    const [target] = (
      await merged(s, [
        { operation: "insert_page", title: "Target", document: { markdown: "Intro.\n\n## Setup\n\nSteps.\n" } },
      ])
    ).pages;
    const home = `[Target](/pages/${target}), [Setup](/pages/${target}#setup) and [back](#missing).\n`;
    const [homeId, secondId] = (
      await merged(s, [
        { operation: "insert_page", title: "Home", document: { markdown: home } },
        { operation: "insert_page", title: "Second", document: { markdown: `Also [the target](/pages/${target}).\n` } },
      ])
    ).pages;

    const before = await s.api.spaces.listSpaceLinks(s.space.id);
    expect(before.data.stats).toEqual({ total: 3, broken: { total: 1 } });
    const cachedRows = (await env.DB.prepare("SELECT count(*) AS n FROM content_links WHERE space_id = ?")
      .bind(s.space.id)
      .first<{ n: number }>())!.n;

    // In a change request that deletes it, the page is presented as its merge base has it (already loaded).
    const deletion = await changeRequestWith(s.owner.token, s.space.id, [{ operation: "delete_page", page: target }]);
    const inChangeRequest = byTarget(
      (await s.api.spaces.listChangeRequestLinks(s.space.id, deletion.cr.id)).data.items,
    );
    expect(inChangeRequest[`page:${target}`]).toMatchObject({
      status: "broken",
      targetReference: { kind: "page", page: { id: target, title: "Target" } },
    });

    expect((await s.api.spaces.mergeChangeRequest(s.space.id, deletion.cr.id)).data.result).toBe("merge");
    const { data } = await s.api.spaces.listSpaceLinks(s.space.id);
    const items = byTarget(data.items);
    expect(Object.keys(items).sort()).toEqual(
      [`page:${target}`, `page:${target}#setup`, `page:${homeId}#missing`].sort(),
    );
    // In main the deleted page is presented by its id (searching the history would make the read grow with the
    // space), never as a URL to /pages/<id>: a whole RevisionPage with its id as its title and no place in the tree.
    expect(items[`page:${target}`]).toMatchObject({
      status: "broken",
      targetReference: { kind: "page", page: { id: target, title: target, type: "document", path: "", pages: [] } },
    });
    expect(items[`page:${target}`].locationReferences.map((l) => l.page.id)).toEqual([homeId, secondId]);
    expect(items[`page:${target}#setup`]).toMatchObject({
      status: "broken",
      targetReference: { kind: "page", internalLocation: { anchor: "setup" } },
    });
    // A missing anchor on an existing page: the page itself, with the anchor as its internal location.
    expect(items[`page:${homeId}#missing`]).toMatchObject({
      status: "broken",
      targetReference: { kind: "page", page: { id: homeId, title: "Home", path: expect.any(String) } },
    });
    // Two pages linking to the deleted page are one broken link.
    expect(data.stats).toEqual({ total: 3, broken: { total: 3 } });
    const broken = await s.api.spaces.listSpaceLinks(s.space.id, { status: Status.Broken });
    expect(broken.data.count).toBe(3);
    expect(broken.data.items.every((u) => u.targetReference?.kind === "page")).toBe(true);

    // Per page, too.
    const second = await s.api.spaces.listPageLinksInSpace(s.space.id, secondId);
    expect(second.data.stats).toEqual({ total: 1, broken: { total: 1 } });
    expect(second.data.items[0].targetReference).toMatchObject({ kind: "page", page: { id: target } });

    // The per-body extraction did not change with the deletion: same rows, still page references.
    expect(
      (await env.DB.prepare("SELECT count(*) AS n FROM content_links WHERE space_id = ?")
        .bind(s.space.id)
        .first<{ n: number }>())!.n,
    ).toBe(cachedRows);
    const rows = await env.DB.prepare("SELECT links FROM content_links WHERE space_id = ?")
      .bind(s.space.id)
      .all<{ links: string }>();
    const kinds = rows.results.flatMap((r) =>
      (JSON.parse(r.links) as { ref: { kind: string; page?: string } }[])
        .filter((l) => l.ref.page === target)
        .map((l) => l.ref.kind),
    );
    expect(kinds.sort()).toEqual(["anchor", "page", "page"]);
  });

  it("a link to a file main lacks stays a file reference, by id", async () => {
    const s = await seedSpace();
    // A file uploaded in a change request that is never merged: main never holds it.
    const draft = await changeRequestWith(s.owner.token, s.space.id, [
      {
        operation: "insert_files",
        files: [{ ref: "shot", name: "shot.png", contentType: "image/png", base64: btoa(String.fromCharCode(...png)) }],
      },
    ]);
    const shot = (draft.response.insertedFiles as { id: string }[])[0].id;
    const [page] = (
      await merged(s, [
        {
          operation: "insert_page",
          title: "Gallery",
          document: {
            markdown: `![Shot](/files/${shot})\n\n[Gone](/files/never-stored) and again ![same](/files/${shot}).\n`,
          },
        },
      ])
    ).pages;

    const { data } = await s.api.spaces.listSpaceLinks(s.space.id);
    const items = byTarget(data.items);
    expect(Object.keys(items).sort()).toEqual([`file:${shot}`, "file:never-stored"].sort());
    expect(items[`file:${shot}`]).toMatchObject({
      status: "broken",
      relation: "dependsOn",
      targetReference: { kind: "file", file: { id: shot, name: "" } },
    });
    expect(items["file:never-stored"]).toMatchObject({
      status: "broken",
      relation: "reference",
      targetReference: { kind: "file", file: { id: "never-stored" } },
    });
    expect(items["file:never-stored"].locationReferences.map((l) => l.page.id)).toEqual([page]);
    // Two images of the same file are one usage.
    expect(data.stats).toEqual({ total: 2, broken: { total: 2 } });
  });
});
