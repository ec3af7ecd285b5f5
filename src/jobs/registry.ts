import { eq, sql } from "drizzle-orm";
import { jobs } from "../db/schema";
import { type CronTask, type JobContext, type JobRunner, pruneFinishedJobs } from "../services/core/jobs";
import { runOpenAPISpecJob } from "../services/openapi/openapi-processing";
import { OPENAPI_JOB_KIND } from "../services/openapi/openapi-specs";
import { queueStaleSearchIndexes, runSearchIndexJob } from "../services/search/search-index";
import { purgeDeletedSpaces, runPurgeJob } from "../services/spaces/purge";

/*
 * The job registry: which runner handles each job kind and which task each cron schedule runs. It lives above
 * the services (which only write job rows), so that a service queueing a job never imports the runners.
 */

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
