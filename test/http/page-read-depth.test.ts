// Issue 11, part 3: a page read in a 2,000-page space reads O(1) rows on a warm cache and O(depth) on a cold one,
// never O(pages): the revision's page locator leads a cold read down the page's path, level by level.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { PageEntry, Snapshot } from "../../src/content/model";
import { sha256Hex } from "../../src/lib/crypto";
import { forgetBodies } from "../../src/services/revisions/body-cache";
import { loadSnapshot } from "../../src/services/revisions/content-load";
import { commitRevision } from "../../src/services/revisions/content-writes";
import { forgetSnapshots } from "../../src/services/revisions/snapshot-cache";
import { seedSpace } from "../helpers/content";
import { mergePages } from "../helpers/search";
import { countedAdminContext, countedApp } from "../helpers/counting-d1";

const SECTIONS = 20;
const CHAPTERS = 10; // per section
const LEAVES = 9; // per chapter: 20 + 200 + 1,800 = 2,020 pages, 221 levels

/** Main of a new space becomes a 2,020-page tree three levels deep, written as one revision. */
async function seedTree() {
  const seeded = await seedSpace("Two thousand");
  const { ctx } = countedAdminContext(env, seeded.owner, seeded.organization.id);
  const [{ revisionId }] = await env.DB.prepare("SELECT revision_id AS revisionId FROM spaces WHERE id = ?")
    .bind(seeded.space.id)
    .all<{ revisionId: string }>()
    .then((r) => r.results);
  const base = await loadSnapshot(ctx, seeded.space.id, revisionId);
  const next: Snapshot = { ...base, pages: new Map(), parentOf: new Map(), children: new Map([[null, []]]) };
  const bodies = new Map<string, string>();
  const add = async (parent: string | null, id: string, slug: string) => {
    const markdown = `The body of ${slug}.`;
    const body = await sha256Hex(markdown);
    bodies.set(body, markdown);
    const entry: PageEntry = { id, type: "document", title: slug, slug, body, createdAt: 1, updatedAt: 1 };
    next.pages.set(id, entry);
    next.parentOf.set(id, parent);
    next.children.set(parent, [...(next.children.get(parent) ?? []), id]);
  };
  for (let s = 0; s < SECTIONS; s++) {
    await add(null, `s${s}`, `section-${s}`);
    for (let c = 0; c < CHAPTERS; c++) {
      await add(`s${s}`, `s${s}c${c}`, `chapter-${c}`);
      for (let l = 0; l < LEAVES; l++) await add(`s${s}c${c}`, `s${s}c${c}l${l}`, `leaf-${l}`);
    }
  }
  expect(next.pages.size).toBe(2020);
  const done = await commitRevision(ctx, seeded.space.id, base, next, bodies, {
    revisionId: `tree-${seeded.space.id}`,
    type: "edits",
    parents: [revisionId],
    changeRequestId: null,
    casSpace: { expectedRevision: revisionId },
  });
  expect(done.committed).toBe(true);
  return seeded;
}

/** Forgets every revision and body this isolate holds: the next read is cold. */
function cold() {
  forgetSnapshots();
  forgetBodies();
}

describe("a page read in a 2,000-page space", () => {
  it("reads O(depth) rows cold and O(1) warm, by id and by path, with what a whole read would answer", async () => {
    const { owner, space } = await seedTree();
    const { request } = countedApp();
    const leaf = `/spaces/${space.id}/content/page/s7c3l5`;

    cold();
    const first = await request(leaf, owner.token);
    expect(first.res.status).toBe(200);
    const read = await first.res.json();
    expect(read).toMatchObject({ id: "s7c3l5", path: "section-7/chapter-3/leaf-5", markdown: "The body of leaf-5." });
    expect(first.roundTrips).toBe(1);
    // The token, the space, the revision row, three levels (root, section, chapter) and the body.
    expect(first.rows).toBeLessThanOrEqual(8);

    const warm = await request(leaf, owner.token);
    expect(await warm.res.json()).toEqual(read);
    expect(warm.roundTrips).toBe(1);
    // The token and the space: the revision is the one this isolate read, its part and body are held.
    expect(warm.rows).toBeLessThanOrEqual(2);

    cold();
    const byPath = await request(
      `/spaces/${space.id}/content/path/${encodeURIComponent("section-7/chapter-3/leaf-5")}`,
      owner.token,
    );
    expect(await byPath.res.json()).toEqual(read);
    expect(byPath.roundTrips).toBe(1);
    expect(byPath.rows).toBeLessThanOrEqual(8);

    // A section: its nested pages are every level under it (11), still not the revision's 221.
    cold();
    const section = await request(`/spaces/${space.id}/content/page/s7`, owner.token);
    const sectionRead = (await section.res.json()) as { pages: { pages: unknown[] }[] };
    expect(sectionRead.pages).toHaveLength(CHAPTERS);
    expect(sectionRead.pages.every((chapter) => chapter.pages.length === LEAVES)).toBe(true);
    expect(section.rows).toBeLessThanOrEqual(2 + 1 + 1 + 1 + CHAPTERS + 1);

    // What the whole revision answers, once the isolate holds it (a listing reads all 221 levels).
    cold();
    const listing = await request(`/spaces/${space.id}/content/pages`, owner.token);
    expect(listing.rows).toBeGreaterThan(221);
    for (const path of [leaf, `/spaces/${space.id}/content/page/s7`]) {
      const whole = await request(path, owner.token);
      expect(whole.rows).toBeLessThanOrEqual(3);
      expect(await whole.res.json()).toEqual(path === leaf ? read : sectionRead);
    }
  });

  it("reads a second page under the levels it holds without them: only its revision row and body", async () => {
    const { owner, space } = await seedTree();
    const { request } = countedApp();
    cold();
    const first = await request(`/spaces/${space.id}/content/page/s7c3l5`, owner.token);
    expect(first.rows).toBeLessThanOrEqual(8);
    // A sibling: the root, section and chapter levels are held (content-addressed), so D1 walks them but sends
    // none: the token, the space, the revision row and the body.
    const sibling = await request(`/spaces/${space.id}/content/page/s7c3l6`, owner.token);
    expect(await sibling.res.json()).toMatchObject({
      id: "s7c3l6",
      path: "section-7/chapter-3/leaf-6",
      markdown: "The body of leaf-6.",
    });
    expect(sibling.rows).toBeLessThanOrEqual(4);
    // A cousin in another section: only that section's and chapter's levels come back.
    const cousin = await request(`/spaces/${space.id}/content/page/s9c1l2`, owner.token);
    expect(await cousin.res.json()).toMatchObject({ path: "section-9/chapter-1/leaf-2" });
    expect(cousin.rows).toBeLessThanOrEqual(6);
  });

  it("answers 404 for a page the revision does not have; a moved page is read where it now is", async () => {
    const { owner, space } = await seedTree();
    const { request } = countedApp();
    cold();
    expect((await request(`/spaces/${space.id}/content/page/nope`, owner.token)).res.status).toBe(404);
    for (const path of ["section-1/nope", "section-1/chapter-2/leaf-3/x", "nope"]) {
      const read = await request(`/spaces/${space.id}/content/path/${encodeURIComponent(path)}`, owner.token);
      expect(read.res.status, path).toBe(404);
    }

    // The leaf moves to another section's chapter: a new revision, whose locator knows its new ancestors.
    await mergePages(owner.token, space.id, [{ operation: "update_page", page: "s7c3l5", into: "s2c0", at: 0 }]);
    cold();
    const moved = await request(`/spaces/${space.id}/content/page/s7c3l5`, owner.token);
    // A sibling there has its slug already: the moved page's is made unique.
    expect(await moved.res.json()).toMatchObject({ path: "section-2/chapter-0/leaf-5-2" });
    expect(moved.rows).toBeLessThanOrEqual(8);
    const chapter = await request(`/spaces/${space.id}/content/page/s7c3`, owner.token);
    expect(((await chapter.res.json()) as { pages: unknown[] }).pages).toHaveLength(LEAVES - 1);
  });

  it("reads a revision written before page locators existed whole, with the same answer", async () => {
    const { owner, space } = await seedTree();
    const { request } = countedApp();
    cold();
    const leaf = `/spaces/${space.id}/content/page/s4c1l2`;
    const located = await (await request(leaf, owner.token)).res.json();
    await env.DB.prepare("UPDATE revisions SET locator_node = NULL WHERE space_id = ?").bind(space.id).run();
    cold();
    const whole = await request(leaf, owner.token);
    expect(await whole.res.json()).toEqual(located);
    expect(whole.rows).toBeGreaterThan(221);
  });
});
