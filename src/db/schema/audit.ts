import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * One row per API write (src/http/audit.ts writes it in the write's own D1 batch). `organization_id` is null for
 * writes that belong to no organization (a user's own tokens). Kept AUDIT_RETENTION_DAYS (the daily cron).
 */
export const auditEvents = sqliteTable(
  "audit_events",
  {
    id: text().primaryKey(),
    organizationId: text(),
    occurredAt: integer().notNull(),
    /** The operation's id (`createSpace`): listOrganizationAuditEventActions lists them. */
    action: text().notNull(),
    actorType: text({ enum: ["user", "integration", "installation"] }).notNull(),
    actorId: text().notNull(),
    actorLabel: text(),
    source: text({ enum: ["api", "integration"] }).notNull(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    requestId: text(),
    address: text(),
    userAgent: text(),
    /** The operation, method and path (never the request's body: it may hold secrets). */
    payload: text({ mode: "json" }).$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index("audit_events_org_time").on(t.organizationId, t.occurredAt, t.id),
    index("audit_events_time").on(t.occurredAt),
  ],
);
