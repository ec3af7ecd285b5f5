import { sql } from "drizzle-orm";
import { SPACE_SCOPED_TABLES } from "../../content/store";
import { batch } from "../../db/batch";
import { inBatch } from "../../db/client";
import { jobs } from "../../db/schema";
import { type JobContext, type JobRow, newJob } from "../core";
import { RESTORE_WINDOW_MS } from "./spaces";

/** Spaces purged per round; a run does a few rounds, then hands the rest to a queued continuation job. */
export const PURGE_SPACES_PER_ROUND = 20;
export const PURGE_ROUNDS_PER_RUN = 5;
/** Registered in JOB_RUNNERS (src/jobs/registry.ts) under this kind. */
export const PURGE_JOB_KIND = "purge-deleted-spaces";
const R2_DELETE_CHUNK = 1000;

/** Deletes every R2 object under `prefix`, listing page by page and deleting in chunks of at most 1000 keys. */
async function deletePrefix(bucket: R2Bucket, prefix: string): Promise<number> {
  let deleted = 0;
  let cursor: string | undefined;
  do {
    const listed = await bucket.list({ prefix, cursor, limit: R2_DELETE_CHUNK });
    const keys = listed.objects.map((o) => o.key);
    if (keys.length) await bucket.delete(keys);
    deleted += keys.length;
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  return deleted;
}

/**
 * One bounded round: up to PURGE_SPACES_PER_ROUND spaces deleted before `cutoff` lose their R2 objects
 * (`spaces/<id>/`), then every row of theirs (SPACE_SCOPED_TABLES, then the space row) in one batch. R2 goes
 * first so that a failure leaves the rows, and the next run retries: the purge is idempotent. Returns the
 * number purged.
 */
async function purgeRound(ctx: JobContext, cutoff: number): Promise<number> {
  const due = await ctx.db.all<{ id: string }>(
    sql`SELECT id FROM spaces WHERE deleted_at IS NOT NULL AND deleted_at < ${cutoff} ORDER BY deleted_at, id LIMIT ${PURGE_SPACES_PER_ROUND}`,
  );
  if (!due.length) return 0;
  for (const { id } of due) await deletePrefix(ctx.env.STORAGE, `spaces/${id}/`);
  const ids = JSON.stringify(due.map((d) => d.id));
  // The deleted_at guard keeps a space restored meanwhile (and its content) out of the delete.
  const purged = sql`SELECT id FROM spaces WHERE id IN (SELECT value FROM json_each(${ids})) AND deleted_at IS NOT NULL AND deleted_at < ${cutoff}`;
  const scoped = SPACE_SCOPED_TABLES.map((table) =>
    inBatch(ctx.db, ctx.db.run(sql`DELETE FROM ${sql.identifier(table)} WHERE space_id IN (${purged})`)),
  );
  const space = inBatch(ctx.db, ctx.db.run(sql`DELETE FROM spaces WHERE id IN (${purged})`));
  await batch(ctx.db, [scoped, space]); // the space row last
  return due.length;
}

/** Collections deleted before the cutoff (their spaces went to the trash with them): rows only. */
async function purgeCollections(ctx: JobContext, cutoff: number) {
  await ctx.db.run(sql`DELETE FROM collections WHERE id IN (
    SELECT id FROM collections WHERE deleted_at IS NOT NULL AND deleted_at < ${cutoff} LIMIT 500)`);
}

/**
 * Permanently removes spaces deleted more than 7 days before `now` (the cron's scheduledTime). Bounded: at
 * most PURGE_ROUNDS_PER_RUN rounds; when spaces remain, it enqueues a continuation job (same cutoff) rather
 * than waiting for the next day. Never touches a space deleted after the cutoff or restored.
 */
export async function purgeDeletedSpaces(
  ctx: JobContext,
  cutoff = ctx.now - RESTORE_WINDOW_MS,
): Promise<{ purged: number; more: boolean }> {
  let purged = 0;
  for (let round = 0; round < PURGE_ROUNDS_PER_RUN; round++) {
    const n = await purgeRound(ctx, cutoff);
    purged += n;
    if (n < PURGE_SPACES_PER_ROUND) {
      await purgeCollections(ctx, cutoff);
      return { purged, more: false };
    }
  }
  const job = newJob(PURGE_JOB_KIND, { cutoff }, ctx.now);
  await ctx.db.insert(jobs).values(job.row);
  await ctx.env.JOBS.send(job.message);
  return { purged, more: true };
}

/** The continuation job: the same purge with the cutoff of the run that queued it. */
export async function runPurgeJob(ctx: JobContext, job: JobRow) {
  const cutoff = Number(job.payload.cutoff);
  if (!Number.isFinite(cutoff)) throw new Error("purge job without a cutoff");
  return purgeDeletedSpaces(ctx, cutoff);
}
