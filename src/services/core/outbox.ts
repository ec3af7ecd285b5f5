import { type SQL, sql } from "drizzle-orm";
import type { Statement } from "../../db/batch";
import { inBatch } from "../../db/client";
import { newId } from "../../lib/ids";
import type { ServiceContext, UrlBases } from "./context";
import type { contentEvents } from "../../db/schema";
import type { Env } from "../../env";
import type { JobContext } from "./jobs";

/*
 * The outbox. A write that others react to writes one `content_events` row and its `content-event` job row in
 * its own batch, guarded like the write; after the batch, `announce` queues the job and asks the context to run
 * the subscribers at once (ServiceContext.dispatch). The writer knows no subscriber: they are registered by
 * event kind in src/jobs/registry.ts (CONTENT_EVENT_SUBSCRIBERS) and are idempotent by event id, since the
 * inline run and the queued job may both run them. A lost message leaves the job pending: the stuck-job sweep
 * re-sends it.
 */

export const CONTENT_EVENT_JOB_KIND = "content-event";

/**
 * Only kinds something subscribes to (each event costs a row, a job and a queue message):
 * - `space.content.updated`: a space's main content moved (a commit or import to main, a merge, a template, a
 *   Git import, a translation, a new copy of a space). `revisionId` is main's new revision; `changeRequestId`
 *   the change request a merge brought in.
 * - `openapi.spec.updated`: a version of an organization's spec was processed, or the spec deleted
 *   (payload `{ slug }`).
 */
export type ContentEventKind = "space.content.updated" | "openapi.spec.updated";

export interface NewContentEvent {
  kind: ContentEventKind;
  /** A value, or an SQL expression read in the batch (e.g. the space's organization). */
  organizationId: string | SQL;
  spaceId?: string | null;
  changeRequestId?: string | null;
  revisionId?: string | null;
  payload?: Record<string, unknown> | null;
}

export type ContentEventRow = typeof contentEvents.$inferSelect;

/** What a subscriber runs with: a job's context and the URL bases of the write (a request's, or the deployment's). */
export type SubscriberContext = JobContext & { urls: UrlBases };

/**
 * A subscriber to content events, registered by kind in src/jobs/registry.ts and written in its own domain.
 * `inline`: right after the write (a request's waitUntil, or awaited in a job), best effort, for what must be
 * fresh at once; `job`: from the queued `content-event` job, which must finish the work (throw to be retried).
 * Both may run for one event, in any order: a subscriber is idempotent by event id. Its result is merged into
 * the job's.
 */
export interface ContentEventSubscriber {
  name: string;
  run(
    ctx: SubscriberContext,
    event: ContentEventRow,
    mode: "inline" | "job",
  ): Promise<Record<string, unknown> | undefined>;
}

/** The deployment's URL bases, for events written outside a request (jobs, cron). */
export const deploymentUrls = (env: Env): UrlBases => ({
  api: env.PUBLIC_API_URL ?? "",
  app: env.APP_URL ?? "",
  ...(env.PUBLIC_API_URL ? { customHosts: true } : {}),
});

/** An event written by a batch (its job row too), to `announce` once the batch committed with its guard held. */
export interface QueuedContentEvent {
  eventId: string;
  jobId: string;
}

/** The job of an event has an id derived from the event's (the prune finds it from the event). */
export const contentEventJobId = (eventId: string) => `ce-${eventId}`;

/**
 * The event row and its job row, both written only where `guard` holds (the triggering write's own condition;
 * put them before the statement that makes the guard false, e.g. the one that moves the space). The job's
 * payload carries the writer's URL bases (a request's), which integration events hand to scripts.
 */
export function contentEventStatements(
  ctx: Pick<ServiceContext, "db" | "now"> & { urls?: UrlBases },
  event: NewContentEvent,
  guard: SQL = sql`1`,
): { statements: Statement[]; queued: QueuedContentEvent } {
  const eventId = newId();
  const jobId = contentEventJobId(eventId);
  const jobPayload = JSON.stringify(ctx.urls ? { eventId, urls: ctx.urls } : { eventId });
  const statements = [
    inBatch(
      ctx.db,
      ctx.db.run(sql`INSERT INTO content_events (id, kind, organization_id, space_id, change_request_id, revision_id,
        payload, created_at)
      SELECT ${eventId}, ${event.kind}, ${event.organizationId}, ${event.spaceId ?? null}, ${event.changeRequestId ?? null},
        ${event.revisionId ?? null}, ${event.payload ? JSON.stringify(event.payload) : null}, ${ctx.now} WHERE ${guard}`),
    ),
    inBatch(
      ctx.db,
      ctx.db.run(sql`INSERT INTO jobs (id, kind, status, payload, attempts, created_at, updated_at)
      SELECT ${jobId}, ${CONTENT_EVENT_JOB_KIND}, 'pending', ${jobPayload}, 0, ${ctx.now}, ${ctx.now} WHERE ${guard}`),
    ),
  ];
  return { statements, queued: { eventId, jobId } };
}

/**
 * After the batch, for the events it actually wrote (guard held): sends their jobs' messages (a failed send is
 * logged; the stuck-job sweep re-sends a job left pending), then runs their subscribers at once through the
 * context's `dispatch` hook, when it has one (requests: after the response; jobs: awaited).
 */
export async function announce(
  ctx: Pick<ServiceContext, "env" | "dispatch">,
  written: QueuedContentEvent[],
): Promise<void> {
  if (!written.length) return;
  // One message per event, like the other writers' sends (a write announces one event).
  for (const { jobId } of written) {
    try {
      await ctx.env.JOBS.send({ jobId });
    } catch (error) {
      console.error(JSON.stringify({ jobId, error: `content event job not queued: ${String(error)}` }));
    }
  }
  await ctx.dispatch?.(written.map((event) => event.eventId));
}

const KEEP_EVENTS_MS = 7 * 24 * 3600 * 1000;
const PRUNE_BATCH = 1000;

/** Deletes events older than 7 days whose job is finished or gone (delivered), a bounded number per run. */
export async function pruneDeliveredContentEvents(ctx: JobContext): Promise<number> {
  const cutoff = ctx.now - KEEP_EVENTS_MS;
  const result = await ctx.db.run(sql`DELETE FROM content_events WHERE rowid IN (
    SELECT e.rowid FROM content_events e WHERE e.created_at < ${cutoff} AND NOT EXISTS (
      SELECT 1 FROM jobs j WHERE j.id = 'ce-' || e.id AND j.status IN ('pending', 'running'))
    LIMIT ${PRUNE_BATCH})`);
  return result.meta.changes ?? 0;
}
