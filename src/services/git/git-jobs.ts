import { eq } from "drizzle-orm";
import { spaceGitSyncs, spaces, jobs } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import { JobFailure, type JobContext, type JobRow, jobServiceContext, RetryLater } from "../core";
import { decryptSecrets } from "../integrations";
import { laterTimestamp, operationOf, recordOutcome, type SyncPayload, type SyncRun } from "./git-sync";
import { type Remote, SyncFailure } from "./remote";

/*
 * The `git-import` and `git-export` jobs. Order: a sync whose `timestamp` is older than the latest applied is
 * skipped unless `force`. A failure retrying cannot fix (refused URL, authentication, 404, unknown ref, the size
 * limit, content the import refuses, a rejected push) ends the job at once (`failed`, its error on the space's
 * sync state). A transient one (connection refused or reset, timeout, HTTP 5xx or 429, anything unexpected) is
 * retried through the queue with backoff (GIT_SYNC_RETRY_SECONDS, doubling) up to GIT_SYNC_MAX_ATTEMPTS
 * attempts, each attempt's error kept on the job (`result.attempts`) and the latest on the sync state; then the
 * job fails with the last error. The dead-letter consumer records a failure the queue gave up on first.
 */

/**
 * Attempts of one sync job (the first and its retries) before a transient failure is final; below the queue's
 * deliveries (max_retries + 1), so the runner, not the dead-letter queue, ends the job.
 */
export const GIT_SYNC_MAX_ATTEMPTS = 3;
const DEFAULT_RETRY_SECONDS = 10;

/** Seconds before retry number `attempt` (1 = after the first attempt): base × 2^(attempt−1), at most 300. */
export function gitRetryDelay(env: JobContext["env"], attempt: number): number {
  const base = Number(env.GIT_SYNC_RETRY_SECONDS ?? DEFAULT_RETRY_SECONDS);
  const seconds = Number.isFinite(base) && base >= 0 ? base : DEFAULT_RETRY_SECONDS;
  return Math.min(seconds * 2 ** Math.max(0, attempt - 1), 300);
}

interface AttemptRecord {
  attempt: number;
  error: string;
  at: string;
}

export async function runGitSyncJob(ctx: JobContext, job: JobRow) {
  const payload = job.payload as unknown as SyncPayload;
  const spaceId = payload.spaceId;
  const [[space], [state]] = await Promise.all([
    ctx.db.select({ deletedAt: spaces.deletedAt }).from(spaces).where(eq(spaces.id, spaceId)).limit(1),
    ctx.db.select().from(spaceGitSyncs).where(eq(spaceGitSyncs.spaceId, spaceId)).limit(1),
  ]);
  if (!space || space.deletedAt !== null || !state) return { skipped: "space deleted" };
  const finish = async (outcome: Partial<typeof state>) => {
    await recordOutcome(ctx, spaceId, job.id, {
      lastOperation: operationOf(job.kind),
      lastFinishedAt: Date.now(),
      ...outcome,
    });
  };
  if (!payload.force && payload.timestamp !== null && (state.appliedTimestamp ?? -Infinity) > payload.timestamp) {
    const skipped = "A newer sync was already applied (its timestamp is later); pass force to apply this one";
    await finish({ lastStatus: "skipped", lastError: null, lastCommit: null });
    return { skipped };
  }
  await recordOutcome(ctx, spaceId, job.id, {
    lastOperation: operationOf(job.kind),
    lastStatus: "running",
    lastAttempts: job.attempts,
  });
  try {
    const auth = payload.credentials ? await decryptSecrets(ctx, payload.credentials) : undefined;
    const remote: Remote = {
      url: payload.url,
      ...(auth ? { auth: { username: auth.username ?? "", password: auth.password ?? "" } } : {}),
    };
    const run: SyncRun = { ctx: jobServiceContext(ctx, payload.requestedBy), payload, remote, state };
    // The Git client loads with the first sync, not at every isolate's start.
    const { paths, ...result } =
      job.kind === "git-export"
        ? await (await import("./git-export")).runExport(run)
        : await (await import("./git-import")).runImport(run);
    await finish({
      lastStatus: result.skipped ? "skipped" : "completed",
      lastError: null,
      lastAttempts: job.attempts,
      lastCommit: result.commit ?? null,
      ...(paths ? { paths } : {}),
      ...laterTimestamp(payload.timestamp),
      ...(job.kind === "git-export" && result.commit ? { exportedCommit: result.commit } : {}),
      ...(job.kind === "git-import" && result.commit && !payload.standalone ? { importedCommit: result.commit } : {}),
    });
    const attempts = previousAttempts(job);
    return { ...result, ...(attempts.length ? { attempts } : {}) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const attempt = job.attempts;
    const log = [...previousAttempts(job), { attempt, error: message, at: new Date().toISOString() }];
    const permanent = error instanceof SyncFailure || (error instanceof ApiError && error.status < 500);
    if (permanent || attempt >= GIT_SYNC_MAX_ATTEMPTS) {
      const final = permanent
        ? message
        : `Gave up after ${attempt} attempts (transient failures); the last: ${message}`;
      await finish({ lastStatus: "failed", lastError: final, lastAttempts: attempt });
      await ctx.db
        .update(jobs)
        .set({ result: { attempts: log } })
        .where(eq(jobs.id, job.id));
      throw new JobFailure(final);
    }
    const delay = gitRetryDelay(ctx.env, attempt);
    await recordOutcome(ctx, spaceId, job.id, {
      lastStatus: "pending",
      lastError: `Attempt ${attempt} of ${GIT_SYNC_MAX_ATTEMPTS} failed, retrying in ${delay} s: ${message}`,
      lastAttempts: attempt,
    });
    await ctx.db
      .update(jobs)
      .set({ result: { attempts: log } })
      .where(eq(jobs.id, job.id));
    throw new RetryLater(message, delay);
  }
}

/** The errors of the job's earlier attempts (kept in its result while it retries). */
function previousAttempts(job: JobRow): AttemptRecord[] {
  const attempts = (job.result as { attempts?: unknown } | null)?.attempts;
  return Array.isArray(attempts) ? (attempts as AttemptRecord[]) : [];
}

/** The job failed for good (retries exhausted, or its message lost too often): the sync state shows it. */
export async function recordGitSyncJobFailure(ctx: JobContext, job: JobRow, error: string) {
  const payload = job.payload as unknown as SyncPayload;
  await recordOutcome(ctx, payload.spaceId, job.id, {
    lastOperation: operationOf(job.kind),
    lastStatus: "failed",
    lastError: error,
    lastFinishedAt: ctx.now,
  });
}
