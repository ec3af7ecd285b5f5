import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import { batch, type Statement } from "../../db/batch";
import { inBatch } from "../../db/client";
import {
  type IntegrationEventLog,
  integrationEvents,
  integrationInstallations,
  integrationSiteInstallations,
  integrationSpaceInstallations,
  integrations,
  organizations,
} from "../../db/schema";
import type { JobMessage } from "../../env";
import { notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { keysetPage, type Page, type PageRequest } from "../../lib/pagination";
import { authorize, organizationAccess } from "../access";
import { requireUser, type ServiceContext, type UrlBases, type JobContext, type JobRow } from "../core";
import { type DeliveryTarget, deliverToScript, type RuntimePresenters } from "./delivery";
import { loadIntegration } from "./integrations";

/*
 * Integration events: rows of what was (or is to be) delivered to an integration's script, with status and trace.
 * Queued events are an event row and a job row written in the triggering write's own batch (guarded like it),
 * and a queue message sent once that batch committed; the job runner delivers them (at-least-once; a final event
 * is never delivered again), retrying 5xx answers, failures and timeouts with backoff, never a 4xx.
 */

export const INTEGRATION_EVENT_JOB_KIND = "integration-event";
/** Deliveries of one queued event before it is recorded failed. */
export const MAX_DELIVERY_ATTEMPTS = 3;

export type IntegrationEventRow = typeof integrationEvents.$inferSelect;

export interface NewIntegrationEvent {
  integrationName: string;
  installationId?: string | null;
  spaceId?: string | null;
  siteId?: string | null;
  type: string;
  /** The Event sent to the script, without `eventId` (added here). */
  payload: Record<string, unknown>;
}

/**
 * The event row and its delivery job, written only where `guard` holds (the triggering write's own condition),
 * and the message to send after the batch. `urls` are the API and app origins the script's environment names.
 */
export function queuedEventStatements(
  ctx: Pick<ServiceContext, "db" | "now" | "urls">,
  event: NewIntegrationEvent,
  guard: SQL = sql`1`,
): { statements: Statement[]; message: JobMessage; eventId: string } {
  const eventId = newId();
  const jobId = newId();
  const payload = JSON.stringify({ eventId, type: event.type, ...event.payload });
  const jobPayload = JSON.stringify({ eventId, urls: ctx.urls });
  const statements = [
    inBatch(
      ctx.db,
      ctx.db.run(sql`INSERT INTO integration_events (id, integration_name, installation_id, space_id, site_id, type,
        payload, status, attempts, logs, created_at, updated_at)
      SELECT ${eventId}, ${event.integrationName}, ${event.installationId ?? null}, ${event.spaceId ?? null},
        ${event.siteId ?? null}, ${event.type}, ${payload}, 'pending', 0, '[]', ${ctx.now}, ${ctx.now} WHERE ${guard}`),
    ),
    inBatch(
      ctx.db,
      ctx.db.run(sql`INSERT INTO jobs (id, kind, status, payload, attempts, created_at, updated_at)
      SELECT ${jobId}, ${INTEGRATION_EVENT_JOB_KIND}, 'pending', ${jobPayload}, 0, ${ctx.now}, ${ctx.now} WHERE ${guard}`),
    ),
  ];
  return { statements, message: { jobId }, eventId };
}

/** Sends queued events' messages after their batch committed (a lost send is re-sent by the stuck-job sweep). */
export async function sendEventMessages(
  ctx: Pick<ServiceContext, "env">,
  messages: JobMessage[],
  opts: { delaySeconds?: number } = {},
) {
  for (const message of messages) {
    try {
      await ctx.env.JOBS.send(message, opts.delaySeconds ? { delaySeconds: opts.delaySeconds } : undefined);
    } catch (error) {
      console.error(JSON.stringify({ jobId: message.jobId, error: `integration event not queued: ${String(error)}` }));
    }
  }
}

/** Queues a `task` event for an integration (payload `{ type: "task", task }`), optionally delayed (seconds). */
export async function queueTask(
  ctx: ServiceContext,
  integrationName: string,
  task: Record<string, unknown>,
  opts: { delaySeconds?: number } = {},
): Promise<string> {
  const queued = queuedEventStatements(ctx, { integrationName, type: "task", payload: { task } });
  await batch(ctx.db, [queued.statements]);
  await sendEventMessages(ctx, [queued.message], opts);
  return queued.eventId;
}

/** The integration, owner and installation rows an event is delivered with (separate statements: same columns). */
export async function loadDeliveryTarget(
  ctx: Pick<ServiceContext, "db">,
  event: Pick<IntegrationEventRow, "integrationName" | "installationId" | "spaceId" | "siteId">,
): Promise<DeliveryTarget | undefined> {
  const installationId = event.installationId ?? "";
  const [[integration], [owner], [installation], [spaceInstallation], [siteInstallation]] = await batch(ctx.db, [
    ctx.db.select().from(integrations).where(eq(integrations.name, event.integrationName)).limit(1),
    ctx.db
      .select()
      .from(organizations)
      .where(
        sql`${organizations.id} = (SELECT organization_id FROM integrations WHERE name = ${event.integrationName})`,
      )
      .limit(1),
    ctx.db.select().from(integrationInstallations).where(eq(integrationInstallations.id, installationId)).limit(1),
    ctx.db
      .select()
      .from(integrationSpaceInstallations)
      .where(
        and(
          eq(integrationSpaceInstallations.installationId, installationId),
          eq(integrationSpaceInstallations.spaceId, event.spaceId ?? ""),
        ),
      )
      .limit(1),
    ctx.db
      .select()
      .from(integrationSiteInstallations)
      .where(
        and(
          eq(integrationSiteInstallations.installationId, installationId),
          eq(integrationSiteInstallations.siteId, event.siteId ?? ""),
        ),
      )
      .limit(1),
  ]);
  if (!integration || !owner) return undefined;
  return { integration, owner, installation, spaceInstallation, siteInstallation };
}

const isFinal = (status: IntegrationEventRow["status"]) => status !== "pending";

/**
 * The job runner of queued events. Idempotent by event id: a final event is left alone. A 2xx answer is a
 * success; a 4xx (406: the script does not handle this type) fails at once; a 5xx, a failure or a timeout is
 * retried (the job throws, the queue backs off) until MAX_DELIVERY_ATTEMPTS, then fails.
 */
export async function runIntegrationEventJob(
  ctx: JobContext,
  job: JobRow,
  presenters: RuntimePresenters,
): Promise<Record<string, unknown>> {
  const eventId = String(job.payload.eventId ?? "");
  const urls = job.payload.urls as UrlBases;
  const [event] = await ctx.db.select().from(integrationEvents).where(eq(integrationEvents.id, eventId)).limit(1);
  if (!event || isFinal(event.status)) return { eventId, skipped: true };
  const attempts = event.attempts + 1;
  const target = await loadDeliveryTarget(ctx, event);
  if (!target) {
    await recordOutcome(ctx, event, attempts, {
      status: "failed",
      logs: [],
      error: "The integration no longer exists",
      responseStatus: null,
    });
    return { eventId, status: "failed" };
  }
  const result = await deliverToScript({ ...ctx, urls, presenters }, target, event.payload);
  const status = result.kind === "answered" ? result.status : null;
  const ok = status !== null && status >= 200 && status < 300;
  const retryable = !ok && (status === null || status >= 500);
  const error = ok ? null : result.kind === "answered" ? `The script answered ${result.status}` : result.error;
  const final = ok || !retryable || attempts >= MAX_DELIVERY_ATTEMPTS;
  await recordOutcome(ctx, event, attempts, {
    status: ok ? "success" : final ? "failed" : "pending",
    logs: result.logs,
    error,
    responseStatus: status,
    version: target.integration.version,
  });
  if (!final) throw new Error(`Integration event ${eventId}: ${error} (attempt ${attempts}; retrying)`);
  return { eventId, status: ok ? "success" : "failed" };
}

async function recordOutcome(
  ctx: Pick<JobContext, "db">,
  event: IntegrationEventRow,
  attempts: number,
  outcome: {
    status: IntegrationEventRow["status"];
    logs: IntegrationEventLog[];
    error: string | null;
    responseStatus: number | null;
    version?: number;
  },
) {
  await ctx.db
    .update(integrationEvents)
    .set({
      status: outcome.status,
      attempts,
      logs: outcome.logs,
      error: outcome.error,
      responseStatus: outcome.responseStatus,
      integrationVersion: outcome.version ?? null,
      updatedAt: Date.now(),
    })
    .where(and(eq(integrationEvents.id, event.id), eq(integrationEvents.status, "pending")));
}

/** The dead-letter queue's recorder: a queued event whose job gave up is failed with the job's error. */
export async function recordIntegrationEventJobFailure(ctx: JobContext, job: JobRow, error: string) {
  const eventId = String(job.payload.eventId ?? "");
  await ctx.db
    .update(integrationEvents)
    .set({ status: "failed", error, updatedAt: ctx.now })
    .where(and(eq(integrationEvents.id, eventId), eq(integrationEvents.status, "pending")));
}

/** A synchronous event (fetch, ui_render), recorded once answered. */
export function recordedEventStatement(
  ctx: Pick<ServiceContext, "db" | "now">,
  event: NewIntegrationEvent & { eventId: string },
  outcome: {
    ok: boolean;
    logs: IntegrationEventLog[];
    error: string | null;
    responseStatus: number | null;
    version: number;
  },
): Statement {
  return ctx.db.insert(integrationEvents).values({
    id: event.eventId,
    integrationName: event.integrationName,
    integrationVersion: outcome.version,
    installationId: event.installationId ?? null,
    spaceId: event.spaceId ?? null,
    siteId: event.siteId ?? null,
    type: event.type,
    payload: { eventId: event.eventId, type: event.type, ...event.payload },
    status: outcome.ok ? "success" : "failed",
    attempts: 1,
    responseStatus: outcome.responseStatus,
    logs: outcome.logs,
    error: outcome.error,
    createdAt: ctx.now,
    updatedAt: Date.now(),
  });
}

/** Events are read by admins of the integration's owner organization (outsiders: 404, other members: 403). */
async function authorizeEvents(ctx: ServiceContext, name: string) {
  requireUser(ctx.caller);
  const integration = await loadIntegration(ctx, name);
  authorize(organizationAccess(ctx.caller, integration.row.organizationId), "integration.admin", "Integration");
  return integration;
}

/**
 * listIntegrationEvents: the integration's delivered events (success or failed), newest first. Events still
 * being delivered are not listed (the reference's statuses are `success` and `failed` only).
 */
export async function listIntegrationEvents(
  ctx: ServiceContext,
  name: string,
  q: PageRequest,
): Promise<Page<IntegrationEventRow>> {
  await authorizeEvents(ctx, name);
  const where = and(eq(integrationEvents.integrationName, name), ne(integrationEvents.status, "pending"));
  return keysetPage(ctx.db, {
    page: q,
    keys: [
      { column: integrationEvents.createdAt, direction: "desc", value: (r: IntegrationEventRow) => r.createdAt },
      { column: integrationEvents.id, direction: "desc", value: (r: IntegrationEventRow) => r.id },
    ],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select()
        .from(integrationEvents)
        .where(and(where, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(integrationEvents).where(where),
  });
}

/** getIntegrationEvent: one delivered event with its trace (404 while it is still pending). */
export async function getIntegrationEvent(ctx: ServiceContext, name: string, eventId: string) {
  await authorizeEvents(ctx, name);
  const [row] = await ctx.db
    .select()
    .from(integrationEvents)
    .where(and(eq(integrationEvents.id, eventId), eq(integrationEvents.integrationName, name)))
    .limit(1);
  if (!row || row.status === "pending") throw notFound("Integration event");
  return row;
}

/**
 * queueIntegrationTask: a task for the integration's script. The reference gives it to integration tokens; until
 * Quire has them, admins of the integration's organization queue tasks (outsiders 404, other members 403).
 */
export async function queueIntegrationTask(
  ctx: ServiceContext,
  name: string,
  task: Record<string, unknown>,
  scheduleSeconds?: number,
): Promise<string> {
  await authorizeEvents(ctx, name);
  return queueTask(ctx, name, task, { delaySeconds: scheduleSeconds });
}
