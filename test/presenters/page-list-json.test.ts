// A page list is encoded once per snapshot and URL bases (presenters/content.ts): later lists of the same
// revision reuse the bytes; other bases, or another snapshot (a new revision, a change request's next write),
// get their own.
import { describe, expect, it } from "vitest";
import { emptySnapshot, type Snapshot } from "../../src/content/model";
import { presentPageListJson, presentPages } from "../../src/presenters/content";
import type { ServiceContext } from "../../src/services/core";

function snapshotWith(titles: string[]): Snapshot {
  const s = emptySnapshot();
  for (const [i, title] of titles.entries()) {
    const id = `page${i}`;
    s.pages.set(id, { id, title, type: "document", slug: `p-${i}`, createdAt: 0, updatedAt: 0 });
    s.parentOf.set(id, null);
    s.children.get(null)!.push(id);
  }
  return s;
}
const ctxAt = (origin: string) => ({ urls: { api: `${origin}/v1`, app: origin } }) as unknown as ServiceContext;
const decoded = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes));

describe("presentPageListJson", () => {
  it("is the page list's JSON, encoded once per snapshot and URL bases", () => {
    const s = snapshotWith(["Ünïcode title ✓", "Second"]);
    const ctx = ctxAt("https://a.example");
    const bytes = presentPageListJson(ctx, "space1", s);
    expect(decoded(bytes)).toEqual({ pages: JSON.parse(JSON.stringify(presentPages(ctx, "space1", s))) });
    expect(decoded(bytes).pages.map((p: { title: string }) => p.title)).toEqual(["Ünïcode title ✓", "Second"]);
    expect(presentPageListJson(ctxAt("https://a.example"), "space1", s)).toBe(bytes);

    const elsewhere = presentPageListJson(ctxAt("https://b.example"), "space1", s);
    expect(elsewhere).not.toBe(bytes);
    expect(new TextDecoder().decode(elsewhere)).toContain("https://b.example/s/space1/p-0");
    expect(new TextDecoder().decode(elsewhere)).not.toContain("https://a.example");
  });

  it("answers another snapshot's pages, never the bytes kept for an earlier one", () => {
    const ctx = ctxAt("https://a.example");
    const first = presentPageListJson(ctx, "space1", snapshotWith(["One"]));
    const next = presentPageListJson(ctx, "space1", snapshotWith(["One", "Two"]));
    expect(decoded(first).pages).toHaveLength(1);
    expect(decoded(next).pages.map((p: { title: string }) => p.title)).toEqual(["One", "Two"]);
  });
});
