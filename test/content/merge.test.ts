import { describe, expect, it } from "vitest";
import { applyChanges, type ApplyDeps } from "../../src/content/apply";
import type { ContentChangeInput } from "../../src/content/changes";
import { mergeSnapshots, mergeText } from "../../src/content/merge";
import { emptySnapshot, pagePath, type Snapshot } from "../../src/content/model";
import { sha256Hex } from "../../src/lib/crypto";

const store = new Map<string, string>();
let n = 0;
const deps: ApplyDeps = {
  now: 1,
  newId: () => `p${++n}`,
  readDocument: async (d) => ({ markdown: "markdown" in d ? d.markdown : "", meta: {} }),
  slugify: (t) =>
    t
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, ""),
  hashBody: async (md) => {
    const h = await sha256Hex(md);
    store.set(h, md);
    return h;
  },
  storeFile: async () => {
    throw new Error("no files here");
  },
  revertSource: async () => emptySnapshot(),
};
const mergeDeps = {
  loadBodies: async (hs: string[]) => new Map(hs.map((h) => [h, store.get(h)!])),
  hashBody: deps.hashBody,
};
const apply = async (s: Snapshot, changes: ContentChangeInput[]) => (await applyChanges(s, changes, deps)).snapshot;
const body = (s: Snapshot, id: string) => store.get(s.pages.get(id)!.body!);

async function threePages() {
  n = 0;
  return apply(emptySnapshot(), [
    { operation: "insert_page", title: "Intro", document: { markdown: "a\nb\nc\nd\ne\n" } },
    { operation: "insert_page", title: "Guide", document: { markdown: "guide\n" } },
    { operation: "insert_page", title: "Child", into: "p2", document: { markdown: "child\n" } },
  ]);
}

describe("three-way text merge", () => {
  it("keeps non-overlapping edits and refuses overlaps", () => {
    expect(mergeText("a\nb\nc\nd\n", "A\nb\nc\nd\n", "a\nb\nc\nD\n")).toBe("A\nb\nc\nD\n");
    expect(mergeText("a\nb\n", "x\nb\n", "y\nb\n")).toBeUndefined();
  });
});

describe("snapshot merge", () => {
  it("merges edits of different pages", async () => {
    const base = await threePages();
    const ours = await apply(base, [{ operation: "update_page", page: "p1", document: { markdown: "ours\n" } }]);
    const theirs = await apply(base, [{ operation: "update_page", page: "p2", title: "Guides" }]);
    const out = await mergeSnapshots(base, ours, theirs, mergeDeps);
    expect(out.kind).toBe("merged");
    if (out.kind !== "merged") return;
    expect(body(out.snapshot, "p1")).toBe("ours\n");
    expect(out.snapshot.pages.get("p2")!.title).toBe("Guides");
  });

  it("merges disjoint line edits of the same page, and conflicts on the same lines", async () => {
    const base = await threePages();
    const ours = await apply(base, [
      { operation: "update_page", page: "p1", document: { markdown: "A\nb\nc\nd\ne\n" } },
    ]);
    const theirs = await apply(base, [
      { operation: "update_page", page: "p1", document: { markdown: "a\nb\nc\nd\nE\n" } },
    ]);
    const out = await mergeSnapshots(base, ours, theirs, mergeDeps);
    expect(out.kind === "merged" && out.bodies.get(out.snapshot.pages.get("p1")!.body!)).toBe("A\nb\nc\nd\nE\n");
    const clash = await apply(base, [
      { operation: "update_page", page: "p1", document: { markdown: "Z\nb\nc\nd\ne\n" } },
    ]);
    const conflict = await mergeSnapshots(base, ours, clash, mergeDeps);
    expect(conflict.kind).toBe("conflicts");
  });

  it("keeps a move on one side and an edit on the other", async () => {
    const base = await threePages();
    const ours = await apply(base, [{ operation: "update_page", page: "p3", into: null, at: 0 }]);
    const theirs = await apply(base, [
      { operation: "update_page", page: "p3", document: { markdown: "edited child\n" } },
    ]);
    const out = await mergeSnapshots(base, ours, theirs, mergeDeps);
    expect(out.kind).toBe("merged");
    if (out.kind !== "merged") return;
    expect(pagePath(out.snapshot, "p3")).toBe("child");
    expect(out.snapshot.children.get(null)).toEqual(["p3", "p1", "p2"]);
    expect(body(out.snapshot, "p3")).toBe("edited child\n");
  });

  it("conflicts when one side deletes a page the other edited", async () => {
    const base = await threePages();
    const ours = await apply(base, [{ operation: "delete_page", page: "p2" }]);
    const theirs = await apply(base, [{ operation: "update_page", page: "p3", document: { markdown: "x\n" } }]);
    const out = await mergeSnapshots(base, ours, theirs, mergeDeps);
    expect(out).toMatchObject({ kind: "conflicts", conflicts: [{ page: "p3" }] });
  });

  it("keeps pages added on both sides and a deletion on one", async () => {
    const base = await threePages();
    const ours = await apply(base, [
      { operation: "insert_page", title: "Ours", document: { markdown: "o\n" } },
      { operation: "delete_page", page: "p1" },
    ]);
    const theirs = await apply(base, [{ operation: "insert_page", title: "Theirs", document: { markdown: "t\n" } }]);
    const out = await mergeSnapshots(base, ours, theirs, mergeDeps);
    expect(out.kind).toBe("merged");
    if (out.kind !== "merged") return;
    expect([...out.snapshot.pages.values()].map((p) => p.title).sort()).toEqual(["Child", "Guide", "Ours", "Theirs"]);
  });

  it("conflicts on a slug collision between pages added on both sides", async () => {
    const base = await threePages();
    const ours = await apply(base, [{ operation: "insert_page", title: "Same", document: {} }]);
    const theirs = await apply(base, [{ operation: "insert_page", title: "Same", document: {} }]);
    expect((await mergeSnapshots(base, ours, theirs, mergeDeps)).kind).toBe("conflicts");
  });
});

describe("applying changes", () => {
  it("rejects the whole batch on one bad change, naming it", async () => {
    const base = await threePages();
    await expect(
      applyChanges(
        base,
        [
          { operation: "update_page", page: "p1", title: "ok" },
          { operation: "delete_page", page: "nope" },
        ],
        deps,
      ),
    ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^body\.changes\.1: /) });
    expect(base.pages.get("p1")!.title).toBe("Intro");
  });

  it("refuses moving a page into its own descendant and duplicate explicit slugs", async () => {
    const base = await threePages();
    await expect(
      applyChanges(base, [{ operation: "update_page", page: "p2", into: "p3" }], deps),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      applyChanges(base, [{ operation: "insert_page", slug: "intro", document: {} }], deps),
    ).rejects.toMatchObject({ status: 400 });
  });

  it("resolves batch-local refs in links", async () => {
    n = 0;
    const { snapshot } = await applyChanges(
      emptySnapshot(),
      [
        { operation: "insert_page", title: "A", document: { markdown: "See [B](./b-ref.md)\n" } },
        { operation: "insert_page", title: "B", ref: "b-ref", document: { markdown: "b\n" } },
      ],
      deps,
    );
    expect(body(snapshot, "p1")).toBe("See [B](/pages/p2)\n");
  });
});

describe("moves on both sides", () => {
  it("conflicts when each side moves a page under the other (no page may vanish)", async () => {
    const base = await threePages();
    const ours = await apply(base, [{ operation: "update_page", page: "p1", into: "p2" }]);
    const theirs = await apply(base, [{ operation: "update_page", page: "p2", into: "p1" }]);
    const out = await mergeSnapshots(base, ours, theirs, mergeDeps);
    expect(out.kind).toBe("conflicts");
    if (out.kind === "conflicts")
      expect(out.conflicts.map((c) => c.reason)).toContain("pages were moved into each other on both sides");
  });

  it("refuses to serialize a snapshot with pages unreachable from the root", async () => {
    const { serializeSnapshot } = await import("../../src/content/snapshot-store");
    const base = await threePages();
    const broken = { ...base, children: new Map(base.children), parentOf: new Map(base.parentOf) };
    broken.children.set(null, ["p1"]); // p2 (and its child) no longer reachable
    await expect(serializeSnapshot(broken)).rejects.toThrow(/not reachable/);
  });
});
