import { eq } from "drizzle-orm";
import { spaceGitSyncs, spaces } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import type { Caller, ServiceContext } from "../core/context";
import type { JobContext, JobRow } from "../core/jobs";
import { decryptSecrets } from "../integrations/secrets";
import { runExport } from "./git-export";
import { runImport } from "./git-import";
import { laterTimestamp, operationOf, recordOutcome, type SyncPayload, type SyncRun } from "./git-sync";
import { type Remote, SyncFailure } from "./remote";

/*
 * The `git-import` and `git-export` jobs. Order: a sync whose `timestamp` is older than the latest applied is
 * skipped unless `force`. A failure retrying cannot fix (refused URL, authentication, unknown ref, content the
 * import refuses, a rejected push) ends the job at once with its error on the space's sync state; anything
 * else is thrown for the queue's retries, and the dead-letter consumer records it when they run out.
 */

/** The job's service context: its writes are made in the name of whoever asked for the sync. */
function syncContext(ctx: JobContext, requestedBy: string): ServiceContext {
  const caller: Caller = { kind: "user", userId: requestedBy, tokenId: "", memberships: new Map() };
  return {
    db: ctx.db,
    env: ctx.env,
    caller,
    urls: { api: ctx.env.PUBLIC_API_URL ?? "", app: ctx.env.APP_URL ?? "" },
    now: Date.now(),
  };
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
  await recordOutcome(ctx, spaceId, job.id, { lastOperation: operationOf(job.kind), lastStatus: "running" });
  try {
    const auth = payload.credentials ? await decryptSecrets(ctx, payload.credentials) : undefined;
    const remote: Remote = {
      url: payload.url,
      ...(auth ? { auth: { username: auth.username ?? "", password: auth.password ?? "" } } : {}),
    };
    const run: SyncRun = { ctx: syncContext(ctx, payload.requestedBy), payload, remote, state };
    const result = job.kind === "git-export" ? await runExport(run) : await runImport(run);
    await finish({
      lastStatus: result.skipped ? "skipped" : "completed",
      lastError: null,
      lastCommit: result.commit ?? null,
      ...laterTimestamp(payload.timestamp),
      ...(job.kind === "git-export" && result.commit ? { exportedCommit: result.commit } : {}),
      ...(job.kind === "git-import" && result.commit && !payload.standalone ? { importedCommit: result.commit } : {}),
    });
    return { ...result };
  } catch (error) {
    const final = error instanceof SyncFailure || (error instanceof ApiError && error.status < 500);
    const message = error instanceof Error ? error.message : String(error);
    if (final) await finish({ lastStatus: "failed", lastError: message });
    else await recordOutcome(ctx, spaceId, job.id, { lastStatus: "pending", lastError: message });
    if (final) return { error: message };
    throw error;
  }
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
