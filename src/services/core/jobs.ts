import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { jobs } from "../../db/schema";
import type { Env } from "../../env";
import { newId } from "../../lib/ids";
import type { Caller, ServiceContext } from "./context";

/*
 * Job rows: what services write to queue work (in their own batch) and the types runners share. Which runner
 * handles a kind, and running it, is the job registry's (src/jobs/registry.ts), above the services.
 */

/** What a job runner or cron task gets: no caller, the time of the run. */
export interface JobContext {
  db: Db;
  env: Env;
  now: number;
  /** Runs the subscribers of content events the job wrote, awaited (set by the job registry). */
  dispatch?: ServiceContext["dispatch"];
}

/**
 * A job's service context (no request): its writes are made in the name of `requestedBy`, whoever asked for the
 * work, else of nobody.
 */
export function jobServiceContext(ctx: JobContext, requestedBy: string | null): ServiceContext {
  const caller: Caller =
    requestedBy !== null
      ? { kind: "user", userId: requestedBy, tokenId: "", memberships: new Map() }
      : { kind: "anonymous" };
  return {
    db: ctx.db,
    env: ctx.env,
    caller,
    urls: {
      api: ctx.env.PUBLIC_API_URL ?? "",
      app: ctx.env.APP_URL ?? "",
      ...(ctx.env.PUBLIC_API_URL ? { customHosts: true } : {}),
    },
    now: Date.now(),
    // Its commits' subscribers (search, integration events) run before the job ends, as fresh as a request's.
    dispatch: ctx.dispatch,
  };
}

export type JobRow = typeof jobs.$inferSelect;
export type JobRunner = (ctx: JobContext, job: JobRow) => Promise<Record<string, unknown> | undefined>;
export type CronTask = (ctx: JobContext) => Promise<void>;
/** Records a job's final failure where the API shows its outcome (e.g. an OpenAPI spec's processing state). */
export type JobFailureRecorder = (ctx: JobContext, job: JobRow, error: string) => Promise<void>;

/**
 * Thrown by a runner whose failure may pass (a network error, a 5xx): the job goes back to pending and its
 * message is retried after `delaySeconds` (the runner's own backoff) instead of the consumer's default.
 */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly delaySeconds: number,
  ) {
    super(message);
  }
}

/**
 * Thrown by a runner whose failure retrying cannot fix, once it recorded the failure where the API shows it:
 * the job row becomes `failed` with the message and the message is acked (no retry, no dead letter).
 */
export class JobFailure extends Error {}

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
  const row: typeof jobs.$inferInsert = {
    id: newId(),
    kind,
    payload,
    status: "pending",
    createdAt: now,
    updatedAt: now,
  };
  return { row, message: { jobId: row.id as string } };
}
