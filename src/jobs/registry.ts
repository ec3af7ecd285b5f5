import { and, eq, sql } from "drizzle-orm";
import { jobs } from "../db/schema";
import {
  CONTENT_EVENT_JOB_KIND,
  type CronTask,
  deploymentUrls,
  type JobContext,
  type JobFailureRecorder,
  type JobRow,
  JobFailure,
  type JobRunner,
  pruneDeliveredContentEvents,
  pruneFinishedJobs,
  RetryLater,
  type SubscriberContext,
} from "../services/core";
import { GIT_EXPORT_JOB_KIND, GIT_IMPORT_JOB_KIND, recordGitSyncJobFailure, runGitSyncJob } from "../services/git";
import { runtimePresenters } from "../presenters/integration-runtime";
import {
  INTEGRATION_EVENT_JOB_KIND,
  queueSpaceContentUpdated,
  recordIntegrationEventJobFailure,
  runIntegrationEventJob,
} from "../services/integrations";
import { IMPORT_RUN_JOB_KIND, recordImportRunJobFailure, runImportRunJob } from "../services/imports";
import { OPENAPI_JOB_KIND, recordOpenAPISpecJobFailure, runOpenAPISpecJob } from "../services/openapi";
import { indexSectionVectors } from "../services/answers";
import { purgeAuditEvents } from "../services/audit";
import { pruneInsights } from "../services/insights";
import { pruneSsoRecords } from "../services/sso";
import { purgeStaleUploads } from "../services/storage";
import { backfillRevisionLocators } from "../services/revisions";
import { indexSpaceContent, indexSpecDependents, queueStaleSearchIndexes, runSearchIndexJob } from "../services/search";
import { purgeDeletedSpaces, runPurgeJob } from "../services/spaces";
import { recordTranslationJobFailure, runTranslationJob, TRANSLATION_JOB_KIND } from "../services/translations";
import { type ContentEventSubscribers, dispatchContentEvents, runContentEventJob } from "./content-events";

/*
 * The job registry: which runner handles each job kind, what a final failure records, which task each cron
 * schedule runs, and the claim/run/re-send machinery. It lives above the services (which only write job rows),
 * so that a service queueing a job never imports the runners.
 */

/**
 * Subscribers to content events by kind (the outbox: services/core/outbox.ts), each written in its own domain.
 * They run from the event's `content-event` job and, right after the write, inline (dispatchInline).
 */
export const CONTENT_EVENT_SUBSCRIBERS: ContentEventSubscribers = {
  "space.content.updated": [
    /** The search index follows main: small changes at once, the rest from the job. */
    { name: "search", run: (ctx, event, mode) => indexSpaceContent(ctx, event, mode) },
    /** `space_content_updated` for the integrations installed on the space. */
    { name: "integrations", run: (ctx, event) => queueSpaceContentUpdated(ctx, event) },
    /** The Vectorize index of grounded answers (only with AI and VECTORIZE bindings; from the job). */
    { name: "answer-vectors", run: (ctx, event, mode) => indexSectionVectors(ctx, event, mode) },
  ],
  "openapi.spec.updated": [
    /** The search index of spaces whose computed pages the spec generates. */
    { name: "search", run: (ctx, event, mode) => indexSpecDependents(ctx, event, mode) },
  ],
};

/** Runs the subscribers of just-written events now (inline mode), without claiming their queued jobs. */
export function dispatchInline(ctx: SubscriberContext, eventIds: string[]): Promise<void> {
  return dispatchContentEvents(ctx, eventIds, CONTENT_EVENT_SUBSCRIBERS);
}

/** Runners by job kind; each feature registers its own (translation, git-import, openapi, …). */
export const JOB_RUNNERS: Record<string, JobRunner> = {
  "purge-deleted-spaces": (ctx, job) => runPurgeJob(ctx, job),
  /** Runs the subscribers of one content event (services/core/outbox.ts). */
  [CONTENT_EVENT_JOB_KIND]: (ctx, job) => runContentEventJob(ctx, job, CONTENT_EVENT_SUBSCRIBERS),
  /** Brings one space's search index to its current revision (continuations, the daily sweep, spec updates). */
  "search-index": (ctx, job) => runSearchIndexJob(ctx, job),
  /** Fetches (URL sources) and parses one OpenAPI spec version, storing its text in R2. */
  [OPENAPI_JOB_KIND]: (ctx, job) => runOpenAPISpecJob(ctx, job),
  /** Translates a space's changed pages into the translation's result space (and continues itself if long). */
  [TRANSLATION_JOB_KIND]: (ctx, job) => runTranslationJob(ctx, job),
  /** Git sync: fetches a repository's ref and imports it as a revision (services/git). */
  [GIT_IMPORT_JOB_KIND]: (ctx, job) => runGitSyncJob(ctx, job),
  /** Git sync: commits the space's content on a repository's ref and pushes it (services/git). */
  [GIT_EXPORT_JOB_KIND]: (ctx, job) => runGitSyncJob(ctx, job),
  /** An import run (startImportRun): plans its source, then writes it page by page (services/imports). */
  [IMPORT_RUN_JOB_KIND]: (ctx, job) => runImportRunJob(ctx, job),
  /** Delivers one integration event to its script in a Dynamic Worker (services/integrations/events.ts). */
  [INTEGRATION_EVENT_JOB_KIND]: (ctx, job) => runIntegrationEventJob(ctx, job, runtimePresenters),
};

/** Per kind, what to update besides the job row when the job fails for good (dead letter, lost too often). */
export const JOB_FAILURE_RECORDERS: Record<string, JobFailureRecorder> = {
  [OPENAPI_JOB_KIND]: (ctx, job, error) => recordOpenAPISpecJobFailure(ctx, job, error),
  [TRANSLATION_JOB_KIND]: (ctx, job, error) => recordTranslationJobFailure(ctx, job, error),
  [GIT_IMPORT_JOB_KIND]: (ctx, job, error) => recordGitSyncJobFailure(ctx, job, error),
  [GIT_EXPORT_JOB_KIND]: (ctx, job, error) => recordGitSyncJobFailure(ctx, job, error),
  [IMPORT_RUN_JOB_KIND]: (ctx, job, error) => recordImportRunJobFailure(ctx, job, error),
  [INTEGRATION_EVENT_JOB_KIND]: (ctx, job, error) => recordIntegrationEventJobFailure(ctx, job, error),
};

/** Cron tasks by schedule expression (must match wrangler.toml's triggers.crons). */
export const CRON_JOBS: Record<string, CronTask> = {
  /**
   * Every 10 minutes: re-sends jobs whose queue message was lost, so none stays pending for long; then gives a few
   * revisions written before page locators their locator (services/revisions/revision-backfill.ts).
   */
  "*/10 * * * *": async (ctx) => {
    await resendStuckJobs(ctx);
    // Best effort, after the sweep: a failure here (D1 unavailable) must not fail the sweep's run.
    await backfillRevisionLocators(ctx).catch((error) =>
      console.error(JSON.stringify({ error: `Page locator backfill: ${String(error)}` })),
    );
  },
  /**
   * Daily: spaces deleted more than 7 days before scheduledTime, with their rows and R2 objects; then a
   * search-index job for each live space whose index lags its revision (a lost message, a backfill); then
   * finished jobs and delivered content events older than 7 days, audit events past AUDIT_RETENTION_DAYS, insights
   * past INSIGHTS_RETENTION_DAYS, expired SSO requests and sessions and SSO refusals past AUDIT_RETENTION_DAYS, upload
   * URLs that expired unused and font uploads no font took within a week.
   */
  "0 3 * * *": async (ctx) => {
    await purgeDeletedSpaces(ctx);
    await queueStaleSearchIndexes(ctx);
    await pruneFinishedJobs(ctx);
    await pruneDeliveredContentEvents(ctx);
    await purgeAuditEvents(ctx);
    await pruneInsights(ctx);
    await pruneSsoRecords(ctx);
    await purgeStaleUploads(ctx);
  },
};

/**
 * A running job's consumer stamps its row every HEARTBEAT_MS; a `running` row unstamped for RUN_LEASE_MS was left by
 * a consumer that died (an isolate evicted or restarted, an invocation cancelled) and may be claimed again. Before
 * heartbeats the lease was a queue invocation's 15-minute wall time, so a dead consumer's job (a search index half
 * written) waited 15 minutes and the sweep, and under `wrangler dev`, which runs no cron, for ever.
 */
export const HEARTBEAT_MS = 30 * 1000;
export const RUN_LEASE_MS = 2 * 60 * 1000;

/** The jobs a consumer may claim at `now`: pending, or running but orphaned by a consumer that died. */
const claimable = (now: number) =>
  sql`(${jobs.status} = 'pending' OR (${jobs.status} = 'running' AND ${jobs.updatedAt} < ${now - RUN_LEASE_MS}))`;

/**
 * Runs a job once. Idempotent under redelivery and re-sends: the claim is a compare-and-set, so a completed or
 * failed job is left alone and a job another consumer is running is not run again beside it. A message for a job
 * that is running keeps its message (RetryLater, until the run's lease would lapse): when that run's consumer died
 * (the queue redelivers a dead invocation's messages at once), the message comes back after the lease and claims
 * the orphaned job, with no sweep. A message from the dead-letter queue marks the job failed (it exhausted its
 * retries). Throws to ask for a retry; a runner's JobFailure marks the job failed at once.
 */
export async function runJob(ctx: JobContext, jobId: string, opts: { deadLetter: boolean }): Promise<void> {
  if (opts.deadLetter) {
    const [job] = await ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, jobId), claimable(ctx.now)));
    if (job) await failJob(ctx, job, job.error ?? "Gave up after the maximum number of retries");
    return;
  }
  const [job] = await ctx.db
    .update(jobs)
    .set({ attempts: sql`${jobs.attempts} + 1`, status: "running", updatedAt: ctx.now })
    .where(and(eq(jobs.id, jobId), claimable(ctx.now)))
    .returning();
  if (!job) return await leaveToRunningClaim(ctx, jobId);
  // Content events the job writes (a Git import's or a translation's commit) get their subscribers at once.
  const runCtx: JobContext = {
    ...ctx,
    dispatch:
      ctx.dispatch ??
      ((eventIds) =>
        dispatchInline({ db: ctx.db, env: ctx.env, now: Date.now(), urls: deploymentUrls(ctx.env) }, eventIds)),
  };
  const runner = JOB_RUNNERS[job.kind];
  if (!runner) {
    await ctx.db
      .update(jobs)
      .set({ status: "failed", error: `No runner for job kind "${job.kind}"`, updatedAt: ctx.now })
      .where(eq(jobs.id, jobId));
    return;
  }
  // This claim's stamp: a heartbeat only renews the claim it made (attempts), never a later consumer's.
  const heartbeat = setInterval(() => {
    ctx.db
      .update(jobs)
      .set({ updatedAt: Date.now() })
      .where(and(eq(jobs.id, jobId), eq(jobs.status, "running"), eq(jobs.attempts, job.attempts)))
      .run()
      .catch((error) => console.error(JSON.stringify({ jobId, error: `job heartbeat failed: ${String(error)}` })));
  }, HEARTBEAT_MS);
  try {
    const result = await runner(runCtx, job);
    await ctx.db
      .update(jobs)
      .set({ status: "completed", result: result ?? null, error: null, updatedAt: Date.now() })
      .where(eq(jobs.id, jobId));
  } catch (error) {
    const message = String((error as Error)?.message ?? error);
    if (error instanceof JobFailure) {
      // Failed for good, recorded by the runner: no retry.
      await ctx.db
        .update(jobs)
        .set({ status: "failed", error: message, updatedAt: Date.now() })
        .where(eq(jobs.id, jobId));
      return;
    }
    await ctx.db
      .update(jobs)
      .set({ status: "pending", error: message, updatedAt: Date.now() })
      .where(eq(jobs.id, jobId));
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * A message whose job could not be claimed: done with when the job finished (or is gone); when another consumer
 * holds it `running`, retried once that claim's lease would lapse, so that a dead consumer's job runs again.
 */
async function leaveToRunningClaim(ctx: JobContext, jobId: string): Promise<void> {
  const [held] = await ctx.db
    .select({ updatedAt: jobs.updatedAt })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.status, "running")));
  if (!held) return;
  const seconds = Math.ceil((held.updatedAt + RUN_LEASE_MS - ctx.now) / 1000) + 1;
  throw new RetryLater(`job ${jobId} is running elsewhere; its message waits for that run's lease`, seconds);
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
