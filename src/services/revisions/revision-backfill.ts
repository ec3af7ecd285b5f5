import { and, eq, isNull, sql } from "drizzle-orm";
import { computedSpecSlugsOf } from "../../content/computed";
import {
  assembleSnapshot,
  contentInsertStatements,
  revisionNodesQuery,
  type SnapshotWrite,
  serializeSnapshot,
} from "../../content/snapshot-store";
import { batch } from "../../db/batch";
import { revisions } from "../../db/schema";
import type { JobContext } from "../core";

/**
 * Revisions written before page locators (migration 0039) are read whole on a cold page read, and those written
 * before `computed_specs` (0037) do not say which specs their computed pages show, so published pages of them are
 * not refreshed by a new spec version. Every commit writes both; this fills them in for what is still read: the
 * current revision of each live space and of each open or draft change request, `limit` per run (the 10-minute
 * cron: 2,880 a day), one D1 round trip to read a revision and one to write its locator's nodes and columns. Only derived data is
 * added: the revision's content, id and every other column stay as they were.
 */
export async function backfillRevisionLocators(ctx: Pick<JobContext, "db">, limit = 20): Promise<number> {
  // From the spaces and change requests (not a scan of every revision): each names its revision by primary key.
  const pending = await ctx.db.all<{ id: string; spaceId: string }>(sql`
    SELECT r.id, r.space_id AS spaceId FROM spaces s JOIN revisions r ON r.id = s.revision_id
      WHERE s.deleted_at IS NULL AND r.locator_node IS NULL
    UNION
    SELECT r.id, r.space_id FROM change_requests c JOIN revisions r ON r.id = c.revision_id
      WHERE c.status IN ('open', 'draft') AND r.locator_node IS NULL
    LIMIT ${limit}`);
  for (const { id, spaceId } of pending) {
    const [[revision], nodes] = await batch(ctx.db, [
      ctx.db.select().from(revisions).where(eq(revisions.id, id)).limit(1),
      revisionNodesQuery(ctx.db, spaceId, sql`${id}`),
    ]);
    if (!revision) continue;
    const unchanged = and(eq(revisions.id, id), isNull(revisions.locatorNode));
    let write: SnapshotWrite;
    let computedSpecs: string[] | null;
    try {
      const snapshot = assembleSnapshot(revision, nodes);
      // With the snapshot as its own base, only the locator's nodes are new.
      write = await serializeSnapshot(snapshot, snapshot);
      computedSpecs = computedSpecSlugsOf(snapshot);
    } catch (error) {
      // Stored content no commit would write (a node missing, a page without an id): no locator can describe it.
      // An empty locator says so, and the revision keeps being read whole, as before, instead of being tried again
      // by every run (and crowding out the others).
      console.error(JSON.stringify({ revisionId: id, error: `No page locator for this revision: ${String(error)}` }));
      await ctx.db.update(revisions).set({ locatorNode: "" }).where(unchanged);
      continue;
    }
    await batch(ctx.db, [
      ...contentInsertStatements(ctx.db, spaceId, write.nodes, new Map()),
      ctx.db
        .update(revisions)
        .set({
          locatorNode: write.locatorNode,
          computedSpecs: sql`COALESCE(${revisions.computedSpecs}, ${computedSpecs ? JSON.stringify(computedSpecs) : null})`,
        })
        .where(unchanged),
    ]);
  }
  return pending.length;
}
