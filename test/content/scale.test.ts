import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { applyChanges } from "../../src/content/apply";
import type { ContentChangeInput } from "../../src/content/changes";
import { newId } from "../../src/lib/ids";
import { createChangeRequest } from "../../src/services/change-requests/change-requests";
import { contentDeps } from "../../src/services/revisions/content-deps";
import { loadContent } from "../../src/services/revisions/content-load";
import { commitRevision, writeChangeRequestContent } from "../../src/services/revisions/content-writes";
import { mergeChangeRequest } from "../../src/services/change-requests/merges";
import { countedAdminContext } from "../helpers/counting-d1";
import { seedSpace } from "../helpers/content";

const CONTENT_TABLES = ["content_nodes", "content_blobs", "revisions"];

async function rowCount(spaceId: string) {
  let total = 0;
  for (const table of CONTENT_TABLES) {
    const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE space_id = ?`)
      .bind(spaceId)
      .first<{ n: number }>();
    total += row!.n;
  }
  return total;
}

describe("a 2,000-page space", () => {
  it("reads its tree in one round trip; a one-page write and a merge cost a bounded number of round trips and rows", async () => {
    const { space, owner, organization } = await seedSpace("Big");
    const { ctx, counter, settle } = countedAdminContext(env, owner, organization.id);

    // 20 sections x 9 chapters x 10 pages = 2,000 pages, written straight into main through the engine.
    const all: ContentChangeInput[] = [];
    let n = 0;
    for (let s = 0; s < 20; s++) {
      const sectionId = `page-${n++}`;
      all.push({ operation: "insert_page", title: `Section ${s}`, document: { markdown: `section ${s}\n` } });
      for (let c = 0; c < 9; c++) {
        const chapterId = `page-${n++}`;
        all.push({
          operation: "insert_page",
          title: `Chapter ${s}.${c}`,
          into: sectionId,
          document: { markdown: `chapter ${s}.${c}\n` },
        });
        for (let p = 0; p < 10; p++) {
          n++;
          all.push({
            operation: "insert_page",
            title: `Page ${s}.${c}.${p}`,
            into: chapterId,
            document: { markdown: `page ${s}.${c}.${p}\nline two\n` },
          });
        }
      }
    }
    expect(all).toHaveLength(2000);
    let next = 0;
    const deps = { ...contentDeps(ctx, space.id), newId: () => `page-${next++}` };
    const { snapshot: empty } = await loadContent(ctx, space.id, { kind: "main" });
    const built = await applyChanges(empty, all, deps);
    await commitRevision(ctx, space.id, empty, built.snapshot, built.bodies, {
      revisionId: newId(),
      type: "edits",
      parents: [empty.revision.id],
      changeRequestId: null,
      casSpace: { expectedRevision: empty.revision.id },
    });

    await settle();
    counter.roundTrips = 0;
    const read = await loadContent(ctx, space.id, { kind: "main" });
    expect(read.snapshot.pages.size).toBe(2000);
    expect(counter.roundTrips).toBe(1);
    const figures: Record<string, number> = { treeReadRoundTrips: counter.roundTrips };

    // A change request that edits one leaf page.
    const cr = await createChangeRequest(ctx, space.id, "one page");
    const rowsBefore = await rowCount(space.id);
    counter.roundTrips = 0;
    await writeChangeRequestContent(ctx, space.id, String(cr.row.number), [
      { operation: "update_page", page: "page-1999", document: { markdown: "page edited\nline two\n" } },
    ]);
    expect(counter.roundTrips).toBeLessThanOrEqual(2);
    figures.onePageWriteRoundTrips = counter.roundTrips;
    const added = (await rowCount(space.id)) - rowsBefore;
    figures.onePageWriteRowsAdded = added;
    // One body, the three levels on the page's path, one revision.
    expect(added).toBeLessThanOrEqual(5);

    counter.roundTrips = 0;
    const merged = await mergeChangeRequest(ctx, space.id, cr.row.id);
    expect(merged.result).toBe("merge");
    expect(counter.roundTrips).toBeLessThanOrEqual(3);
    figures.mergeRoundTrips = counter.roundTrips;
    await settle();
    console.info(`2,000-page space: ${JSON.stringify(figures)}`);
  }, 60_000);
});
