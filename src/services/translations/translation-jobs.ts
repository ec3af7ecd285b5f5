import { and, eq } from "drizzle-orm";
import { translations } from "../../db/schema";
import { type JobContext, type JobRow, jobServiceContext } from "../core";
import { RunFailure, runStep } from "./translation-run";

/*
 * A translation run as a job: `pending` (queued) → `running` (claimed) → `completed` (its revision written, or
 * its failure recorded in `lastRunError`). A transient failure (the translator, D1, R2) is recorded and thrown,
 * so the queue retries the job with backoff (back to `pending`); when the retries run out, the dead-letter
 * queue's consumer ends the run with its error. A failed run never touches the result space's content.
 */

/** Records a failed attempt (`final`: the run is over) on the translation, while this job is its run. */
async function recordFailure(ctx: JobContext, translationId: string, jobId: string, message: string, final: boolean) {
  const now = Date.now();
  await ctx.db
    .update(translations)
    .set(
      final
        ? { status: "completed", runJobId: null, runStartedAt: null, lastRunError: message, updatedAt: now }
        : { status: "pending", lastRunError: message, updatedAt: now },
    )
    .where(and(eq(translations.id, translationId), eq(translations.runJobId, jobId)));
}

/**
 * The `translation-run` job (and its continuations). Idempotent: a job that is no longer the translation's
 * run (deleted, superseded) does nothing; a redelivered one redoes only what is not stored yet.
 */
export async function runTranslationJob(ctx: JobContext, job: JobRow) {
  const translationId = String(job.payload.translationId ?? "");
  const [row] = await ctx.db.select().from(translations).where(eq(translations.id, translationId)).limit(1);
  if (!row) return { skipped: "translation deleted" };
  if (row.runJobId !== job.id) return { skipped: "not the translation's current run" };
  const startedAt = row.runStartedAt ?? ctx.now;
  await ctx.db
    .update(translations)
    .set({ status: "running", runStartedAt: startedAt, updatedAt: ctx.now })
    .where(and(eq(translations.id, translationId), eq(translations.runJobId, job.id)));
  try {
    return await runStep(jobServiceContext(ctx, row.runRequestedBy), { ...row, runStartedAt: startedAt }, job);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const final = error instanceof RunFailure;
    await recordFailure(ctx, translationId, job.id, message, final);
    if (final) return { error: message };
    throw error;
  }
}

/** The job failed for good (retries exhausted, or its message lost too often): the run ends with its error. */
export async function recordTranslationJobFailure(ctx: JobContext, job: JobRow, error: string) {
  await recordFailure(ctx, String(job.payload.translationId ?? ""), job.id, error, true);
}
