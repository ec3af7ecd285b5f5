import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { jobs } from "../../db/schema";
import type { Env } from "../../env";
import { newId } from "../../lib/ids";
import { OPENAPI_JOB_KIND, runOpenAPISpecJob } from "../openapi/openapi-processing";
import { purgeDeletedSpaces, runPurgeJob } from "../spaces/purge";
import { queueStaleSearchIndexes, runSearchIndexJob } from "../search/search-index";

/** What a job runner or cron task gets: no caller, the time of the run. */
export interface JobContext {
  db: Db;
  env: Env;
  now: number;
}

export type JobRow = typeof jobs.$inferSelect;
export type JobRunner = (ctx: JobContext, job: JobRow) => Promise<Record<string, unknown> | void>;
export type CronTask = (ctx: JobContext) => Promise<void>;

/** Runners by job kind; each feature registers its own (translation, git-import, openapi, …). */
export const JOB_RUNNERS: Record<string, JobRunner> = {
  "purge-deleted-spaces": (ctx, job) => runPurgeJob(ctx, job),
  /** Brings one space's search index to its current revision (queued by every commit to main). */
  "search-index": (ctx, job) => runSearchIndexJob(ctx, job),
  /** Fetches (URL sources) and parses one OpenAPI spec version, storing its text in R2. */
  [OPENAPI_JOB_KIND]: (ctx, job) => runOpenAPISpecJob(ctx, job),
};

/** Cron tasks by schedule expression (must match wrangler.toml's triggers.crons). */
export const CRON_JOBS: Record<string, CronTask> = {
  /**
   * Daily: spaces deleted more than 7 days before scheduledTime, with their rows and R2 objects; then a
   * search-index job for each live space whose index lags its revision (a lost message, a backfill).
   */
  "0 3 * * *": async (ctx) => {
    await purgeDeletedSpaces(ctx);
    await queueStaleSearchIndexes(ctx);
    await pruneFinishedJobs(ctx);
  },
};

const KEEP_FINISHED_JOBS_MS = 7 * 24 * 3600 * 1000;
const PRUNE_BATCH = 1000;

/** Deletes completed and failed jobs finished more than 7 days ago, a bounded number per run. */
export async function pruneFinishedJobs(ctx: JobContext): Promise<number> {
  const cutoff = ctx.now - KEEP_FINISHED_JOBS_MS;
  const result = await ctx.db.run(sql`DELETE FROM jobs WHERE rowid IN (
    SELECT rowid FROM jobs WHERE status IN ('completed', 'failed') AND updated_at < ${cutoff} LIMIT ${PRUNE_BATCH})`);
  return result.meta.changes ?? 0;
}

/** A job row to write in the caller's own batch, and the message to send once that batch succeeded. */
export function newJob(kind: string, payload: Record<string, unknown>, now: number) {
  const row: typeof jobs.$inferInsert = { id: newId(), kind, payload, status: "pending", createdAt: now, updatedAt: now };
  return { row, message: { jobId: row.id as string } };
}

/**
 * Runs a job once. Idempotent under redelivery: a completed or failed job is left alone. A message from the
 * dead-letter queue marks the job failed (it exhausted its retries). Throws to ask for a retry.
 */
export async function runJob(ctx: JobContext, jobId: string, opts: { deadLetter: boolean }): Promise<void> {
  const [job] = await ctx.db
    .update(jobs)
    .set({ attempts: sql`${jobs.attempts} + 1`, status: opts.deadLetter ? "failed" : "running", updatedAt: ctx.now })
    .where(sql`${jobs.id} = ${jobId} AND ${jobs.status} IN ('pending', 'running')`)
    .returning();
  if (!job) return;
  if (opts.deadLetter) {
    await ctx.db.update(jobs).set({ error: job.error ?? "Gave up after the maximum number of retries" }).where(eq(jobs.id, jobId));
    return;
  }
  const runner = JOB_RUNNERS[job.kind];
  if (!runner) {
    await ctx.db
      .update(jobs)
      .set({ status: "failed", error: `No runner for job kind "${job.kind}"`, updatedAt: ctx.now })
      .where(eq(jobs.id, jobId));
    return;
  }
  try {
    const result = await runner(ctx, job);
    await ctx.db
      .update(jobs)
      .set({ status: "completed", result: result ?? null, error: null, updatedAt: Date.now() })
      .where(eq(jobs.id, jobId));
  } catch (error) {
    await ctx.db
      .update(jobs)
      .set({ status: "pending", error: String((error as Error)?.message ?? error), updatedAt: Date.now() })
      .where(eq(jobs.id, jobId));
    throw error;
  }
}
