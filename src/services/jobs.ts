import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { jobs } from "../db/schema";
import type { Env } from "../env";
import { newId } from "../lib/ids";
import { OPENAPI_JOB_KIND, recordOpenAPISpecJobFailure, runOpenAPISpecJob } from "./openapi-processing";
import { purgeDeletedSpaces, runPurgeJob } from "./purge";
import { queueStaleSearchIndexes, runSearchIndexJob } from "./search-index";

/** What a job runner or cron task gets: no caller, the time of the run. */
export interface JobContext {
  db: Db;
  env: Env;
  now: number;
}

export type JobRow = typeof jobs.$inferSelect;
export type JobRunner = (ctx: JobContext, job: JobRow) => Promise<Record<string, unknown> | void>;
export type CronTask = (ctx: JobContext) => Promise<void>;
/** Records a job's final failure where the API shows its outcome (e.g. an OpenAPI spec's processing state). */
export type JobFailureRecorder = (ctx: JobContext, job: JobRow, error: string) => Promise<void>;

/** Runners by job kind; each feature registers its own (translation, git-import, openapi, …). */
export const JOB_RUNNERS: Record<string, JobRunner> = {
  "purge-deleted-spaces": (ctx, job) => runPurgeJob(ctx, job),
  /** Brings one space's search index to its current revision (queued by every commit to main). */
  "search-index": (ctx, job) => runSearchIndexJob(ctx, job),
  /** Fetches (URL sources) and parses one OpenAPI spec version, storing its text in R2. */
  [OPENAPI_JOB_KIND]: (ctx, job) => runOpenAPISpecJob(ctx, job),
};

/** Per kind, what to update besides the job row when the job fails for good (dead letter, lost too often). */
export const JOB_FAILURE_RECORDERS: Record<string, JobFailureRecorder> = {
  [OPENAPI_JOB_KIND]: (ctx, job, error) => recordOpenAPISpecJobFailure(ctx, job, error),
};

/** Cron tasks by schedule expression (must match wrangler.toml's triggers.crons). */
export const CRON_JOBS: Record<string, CronTask> = {
  /** Every 10 minutes: re-sends jobs whose queue message was lost, so none stays pending for long. */
  "*/10 * * * *": async (ctx) => {
    await resendStuckJobs(ctx);
  },
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

/** A queue consumer invocation runs at most 15 minutes (wall time): a `running` row older than that is orphaned. */
export const RUN_LEASE_MS = 15 * 60 * 1000;

/** The jobs a consumer may claim at `now`: pending, or running but orphaned by a consumer that died. */
const claimable = (now: number) =>
  sql`(${jobs.status} = 'pending' OR (${jobs.status} = 'running' AND ${jobs.updatedAt} < ${now - RUN_LEASE_MS}))`;

/**
 * Runs a job once. Idempotent under redelivery and re-sends: the claim is a compare-and-set, so a completed or
 * failed job is left alone and a job another consumer is running is not run again beside it. A message from the
 * dead-letter queue marks the job failed (it exhausted its retries). Throws to ask for a retry.
 */
export async function runJob(ctx: JobContext, jobId: string, opts: { deadLetter: boolean }): Promise<void> {
  if (opts.deadLetter) {
    const [job] = await ctx.db.select().from(jobs).where(and(eq(jobs.id, jobId), claimable(ctx.now)));
    if (job) await failJob(ctx, job, job.error ?? "Gave up after the maximum number of retries");
    return;
  }
  const [job] = await ctx.db
    .update(jobs)
    .set({ attempts: sql`${jobs.attempts} + 1`, status: "running", updatedAt: ctx.now })
    .where(and(eq(jobs.id, jobId), claimable(ctx.now)))
    .returning();
  if (!job) return;
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

/**
 * Marks a job failed if it is still as read (same status and stamp: nobody claimed it meanwhile), then records
 * the failure where the API shows it. False when the row had moved on.
 */
async function failJob(ctx: JobContext, job: JobRow, error: string): Promise<boolean> {
  const [failed] = await ctx.db
    .update(jobs)
    .set({ status: "failed", error, updatedAt: ctx.now })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, job.status), eq(jobs.updatedAt, job.updatedAt)))
    .returning({ id: jobs.id });
  if (!failed) return false;
  await JOB_FAILURE_RECORDERS[job.kind]?.(ctx, job, error);
  return true;
}

/** A pending job untouched this long lost its message (a consumer claims a job within seconds of its send). */
export const STUCK_AFTER_MS = 10 * 60 * 1000;
/** Jobs re-sent per sweep: one `sendBatch` (the Queues limit is 100 messages per batch). */
export const MAX_RESENDS_PER_RUN = 100;
/** Re-sends of one job before the sweep gives up and marks it failed. */
export const MAX_RESENDS = 5;

/**
 * Re-sends the message of every job stuck `pending` for STUCK_AFTER_MS (or orphaned `running` past the lease),
 * oldest first, at most MAX_RESENDS_PER_RUN. Each row is stamped (status pending, `resends` + 1, `updated_at`)
 * by compare-and-set before its send, so a consumer's concurrent claim wins and the next sweep waits another
 * STUCK_AFTER_MS; a job still stuck after MAX_RESENDS re-sends is marked failed.
 */
export async function resendStuckJobs(ctx: JobContext): Promise<{ resent: number; failed: number }> {
  const stuck = await ctx.db
    .select()
    .from(jobs)
    .where(
      sql`(${jobs.status} = 'pending' AND ${jobs.updatedAt} < ${ctx.now - STUCK_AFTER_MS})
        OR (${jobs.status} = 'running' AND ${jobs.updatedAt} < ${ctx.now - RUN_LEASE_MS})`,
    )
    .orderBy(jobs.updatedAt)
    .limit(MAX_RESENDS_PER_RUN);
  const resend: string[] = [];
  let failed = 0;
  for (const job of stuck) {
    if (job.resends >= MAX_RESENDS) {
      const reason = `Gave up: re-sent ${job.resends} times and never finished (last error: ${job.error ?? "none"})`;
      if (await failJob(ctx, job, reason)) failed++;
      continue;
    }
    const [stamped] = await ctx.db
      .update(jobs)
      .set({ status: "pending", resends: job.resends + 1, updatedAt: ctx.now })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, job.status), eq(jobs.updatedAt, job.updatedAt)))
      .returning({ id: jobs.id });
    if (stamped) resend.push(job.id);
  }
  if (resend.length) {
    try {
      await ctx.env.JOBS.sendBatch(resend.map((jobId) => ({ body: { jobId } })));
    } catch (error) {
      // Stamped but not sent: the next sweep finds them again in STUCK_AFTER_MS and counts the re-send.
      console.error(JSON.stringify({ jobIds: resend, error: `stuck jobs not re-sent: ${String(error)}` }));
    }
  }
  return { resent: resend.length, failed };
}
