import { and, eq, gte, lte, sql } from "drizzle-orm";
import { auditEvents } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { keysetPage, type PageRequest } from "../../lib/pagination";
import { authorize, organizationAccess } from "../access";
import { type JobContext, requireUser, type ServiceContext } from "../core";

export type AuditEventRow = typeof auditEvents.$inferSelect;

/** The audit log is the organization's admins' (403 for its other members, 404 for everyone else). */
export function authorizeAuditLog(ctx: ServiceContext, organizationId: string) {
  requireUser(ctx.caller);
  authorize(organizationAccess(ctx.caller, organizationId), "organization.admin", "Organization");
}

export interface AuditEventQuery extends PageRequest {
  /** Epoch ms, inclusive. */
  from?: number;
  to?: number;
  action?: string;
  actor?: string;
  target?: string;
}

/** listOrganizationAuditEvents: newest first, keyset pages, the 0.202 filters (exact matches, a time window). */
export async function listAuditEvents(ctx: ServiceContext, organizationId: string, query: AuditEventQuery) {
  authorizeAuditLog(ctx, organizationId);
  const filter = and(
    eq(auditEvents.organizationId, organizationId),
    query.from !== undefined ? gte(auditEvents.occurredAt, query.from) : undefined,
    query.to !== undefined ? lte(auditEvents.occurredAt, query.to) : undefined,
    query.action !== undefined ? eq(auditEvents.action, query.action) : undefined,
    query.actor !== undefined ? eq(auditEvents.actorId, query.actor) : undefined,
    query.target !== undefined ? eq(auditEvents.targetId, query.target) : undefined,
  );
  return keysetPage<AuditEventRow>(ctx.db, {
    page: query,
    keys: [
      { column: auditEvents.occurredAt, direction: "desc", value: (r) => r.occurredAt },
      { column: auditEvents.id, direction: "desc", value: (r) => r.id },
    ],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select()
        .from(auditEvents)
        .where(and(filter, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(auditEvents).where(filter),
  });
}

/** getOrganizationAuditEvent: 404 for an event of another organization. */
export async function getAuditEvent(ctx: ServiceContext, organizationId: string, auditEventId: string) {
  authorizeAuditLog(ctx, organizationId);
  const [row] = await ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.id, auditEventId), eq(auditEvents.organizationId, organizationId)))
    .limit(1);
  if (!row) throw notFound("Audit event");
  return row;
}

const DEFAULT_RETENTION_DAYS = 365;
const PURGE_BATCH = 5000;
const PURGE_BATCHES_PER_RUN = 20;

/** AUDIT_RETENTION_DAYS: a whole number of days ≥ 1; anything else is the default (a typo must not purge all). */
export function auditRetentionDays(value: string | undefined): number {
  const days = Number(value);
  return Number.isInteger(days) && days >= 1 ? days : DEFAULT_RETENTION_DAYS;
}

/** Daily: deletes events older than the retention, in bounded batches (the next run goes on). */
export async function purgeAuditEvents(ctx: JobContext): Promise<number> {
  const cutoff = ctx.now - auditRetentionDays(ctx.env.AUDIT_RETENTION_DAYS) * 24 * 60 * 60 * 1000;
  let purged = 0;
  for (let i = 0; i < PURGE_BATCHES_PER_RUN; i++) {
    const result = await ctx.db.run(sql`DELETE FROM audit_events WHERE rowid IN (
      SELECT rowid FROM audit_events WHERE occurred_at < ${cutoff} LIMIT ${PURGE_BATCH})`);
    const deleted = result.meta.changes ?? 0;
    purged += deleted;
    if (deleted < PURGE_BATCH) break;
  }
  return purged;
}
