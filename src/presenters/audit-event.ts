import type { UrlBases } from "../services/core";
import type { AuditEventRow } from "../services/audit";
import type { AuditEvent, AuditEventDetails } from "../wire/audit";

/** An audit event as listOrganizationAuditEvents shows it. */
export function presentAuditEvent(row: AuditEventRow, urls: UrlBases): AuditEvent {
  return {
    object: "audit-event" as const,
    id: row.id,
    occurredAt: new Date(row.occurredAt).toISOString(),
    action: row.action,
    actor: { type: row.actorType, id: row.actorId, ...(row.actorLabel ? { label: row.actorLabel } : {}) },
    source: row.source,
    target: { type: row.targetType, id: row.targetId },
    urls: { location: `${urls.api}/v1/orgs/${row.organizationId}/audit-events/${row.id}` },
  };
}

/**
 * getOrganizationAuditEvent: with the request that recorded it (`executionId`, `correlationId`: its request id)
 * and its payload (the operation, method and path; plus the address and user agent it came from).
 */
export function presentAuditEventDetails(row: AuditEventRow, urls: UrlBases): AuditEventDetails {
  return {
    ...presentAuditEvent(row, urls),
    ...(row.requestId ? { executionId: row.requestId, correlationId: row.requestId } : {}),
    schemaVersion: 1,
    payload: {
      ...row.payload,
      ...(row.address ? { address: row.address } : {}),
      ...(row.userAgent ? { userAgent: row.userAgent } : {}),
    },
  };
}
