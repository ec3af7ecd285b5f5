// The audit domain's public surface (reading the audit log, its retention): what routes, jobs and presenters
// import. The events are written by src/http/audit.ts, in each write's own batch. Other domains import this one
// only through this file, and only if they rank above it.
export {
  auditRetentionDays,
  authorizeAuditLog,
  getAuditEvent,
  listAuditEvents,
  purgeAuditEvents,
} from "./audit-events";
export type { AuditEventQuery, AuditEventRow } from "./audit-events";
