// Revisions written before page locators (0039) and computed_specs (0037) get them from the 10-minute cron
// (services/revisions/revision-backfill.ts): the same locator a commit would have written, byte for byte, and the
// specs their computed pages show; for the current revisions of live spaces and open change requests only.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { revisions } from "../../src/db/schema";
import worker from "../../src/index";
import { forgetBodies } from "../../src/services/revisions/body-cache";
import { forgetSnapshots } from "../../src/services/revisions/snapshot-cache";
import { backfillRevisionLocators } from "../../src/services/revisions";
import { PETS_SPEC } from "../fixtures/openapi-pets";
import { openApiSource, uploadSpec } from "../helpers/computed";
import { changeRequestWith, seedSpace } from "../helpers/content";
import { countedApp } from "../helpers/counting-d1";
import { db } from "../helpers/seed";

async function runSweep() {
  const controller = createScheduledController({ scheduledTime: new Date(), cron: "*/10 * * * *" });
  const ctx = createExecutionContext();
  await (worker.scheduled as ExportedHandlerScheduledHandler<typeof env>)(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

/**
 * Runs the 10-minute cron until `ids` have a locator. The test D1 is shared by every file, so other files'
 * revisions may be pending too: each run handles 20, and every pending revision is handled once.
 */
async function sweepUntilDone(ids: string[]) {
  for (let run = 0; run < 100; run++) {
    await runSweep();
    if ((await columns(ids)).every((r) => r.locatorNode !== null)) return;
  }
  throw new Error("the cron never reached these revisions");
}

const columns = async (ids: string[]) =>
  db
    .select({ id: revisions.id, locatorNode: revisions.locatorNode, computedSpecs: revisions.computedSpecs })
    .from(revisions)
    .where(inArray(revisions.id, ids));

/** Makes revisions look as they were written before migrations 0037 and 0039. */
const asBeforeLocators = (ids: string[]) =>
  db.update(revisions).set({ locatorNode: null, computedSpecs: null }).where(inArray(revisions.id, ids));

describe("backfilling page locators and computed specs", () => {
  it("gives main's and an open change request's revisions what a commit would have written; page reads use it", async () => {
    const s = await seedSpace("Backfill");
    await uploadSpec(s.api, s.organization.id, "pets", PETS_SPEC);
    const { cr: first, pages } = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "insert_page", title: "Guide", document: { markdown: "Top.\n" } },
      { operation: "insert_page", title: "API reference", type: "computed", computed: openApiSource("pets") },
    ]);
    await s.api.spaces.mergeChangeRequest(s.space.id, first.id);
    const { cr: second, pages: nested } = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "insert_page", title: "Nested", into: pages[0], document: { markdown: "Deep.\n" } },
    ]);
    await s.api.spaces.mergeChangeRequest(s.space.id, second.id);
    // Left open: its head revision is one to backfill too.
    const { cr: draft } = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "insert_page", title: "Draft", document: { markdown: "Soon.\n" } },
    ]);
    const { data: space } = await s.api.spaces.getSpaceById(s.space.id);
    const { data: open } = await s.api.spaces.getChangeRequestById(s.space.id, draft.id);
    const ids = [space.revision, open.revision!];
    const written = await columns(ids);
    expect(written.every((r) => r.locatorNode)).toBe(true);
    for (const row of written) expect(row.computedSpecs).toEqual(["pets"]);

    await asBeforeLocators(ids);
    // A cold page read of a revision without a locator reads the whole revision: more round trips. (computed=false:
    // expanding computed pages reads the whole revision either way.)
    const { request } = countedApp();
    const coldRead = async () => {
      forgetSnapshots();
      forgetBodies();
      const read = await request(`/spaces/${s.space.id}/content/page/${nested[0]}?computed=false`, s.owner.token);
      expect(await read.res.json()).toMatchObject({ title: "Nested", path: "guide/nested", markdown: "Deep.\n" });
      return read.roundTrips;
    };
    expect(await coldRead()).toBeGreaterThan(1);

    await sweepUntilDone(ids);
    expect(new Map((await columns(ids)).map((r) => [r.id, r]))).toEqual(new Map(written.map((r) => [r.id, r])));
    // Backfilled, the same cold read goes through the locator, in the request's one round trip.
    expect(await coldRead()).toBe(1);
  }, 30_000);

  it("leaves a deleted space's revision alone and does at most `limit` per run", async () => {
    const kept = await seedSpace("Kept");
    const gone = await seedSpace("Gone");
    const revisionOf = async (id: string) => (await kept.api.spaces.getSpaceById(id)).data.revision;
    const goneRevision = (await gone.api.spaces.getSpaceById(gone.space.id)).data.revision;
    const keptRevision = await revisionOf(kept.space.id);
    await gone.api.spaces.deleteSpaceById(gone.space.id);
    // Every other pending revision first (other files' spaces), so that this one's count is its own.
    while ((await backfillRevisionLocators({ db }, 100)) > 0);
    await asBeforeLocators([keptRevision, goneRevision]);

    expect(await backfillRevisionLocators({ db }, 1)).toBe(1);
    expect(await backfillRevisionLocators({ db }, 1)).toBe(0);
    const after = new Map((await columns([keptRevision, goneRevision])).map((r) => [r.id, r.locatorNode]));
    expect(after.get(keptRevision)).toBeTruthy();
    expect(after.get(goneRevision)).toBeNull();
  }, 30_000);

  it("marks a revision no locator can describe with an empty one, once, and the cron carries on", async () => {
    const s = await seedSpace("Broken");
    const { cr } = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "insert_page", title: "Page", document: { markdown: "Text.\n" } },
    ]);
    await s.api.spaces.mergeChangeRequest(s.space.id, cr.id);
    const revisionId = (await s.api.spaces.getSpaceById(s.space.id)).data.revision;
    const [row] = await db
      .select({ rootNode: revisions.rootNode })
      .from(revisions)
      .where(inArray(revisions.id, [revisionId]));
    // Stored content no commit writes: a page without an id.
    await env.DB.prepare("UPDATE content_nodes SET data = ? WHERE space_id = ? AND hash = ?")
      .bind('[{"title":"No id","type":"document","slug":"no-id"}]', s.space.id, row!.rootNode)
      .run();
    await asBeforeLocators([revisionId]);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let logged: unknown[][];
    try {
      await sweepUntilDone([revisionId]);
    } finally {
      logged = [...errors.mock.calls];
      errors.mockRestore();
    }
    expect((await columns([revisionId]))[0]!.locatorNode).toBe("");
    expect(logged.some(([line]) => String(line).includes(revisionId))).toBe(true);
  }, 30_000);
});
