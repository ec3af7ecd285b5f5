import { serviceContext } from "../../http/context";
import { auditActions } from "../../http/audit";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { authorizeAuditLog } from "../../services/audit";
import { AuditEventActionList } from "../../wire/audit";
import { OrganizationParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/audit-event-actions",
  operationId: "listOrganizationAuditEventActions",
  tags: ["organizations"],
  summary: "List organization audit event actions",
  description:
    "The actions the audit log records: one per write operation of the API, its id the operation's id (admins only).",
  request: { params: OrganizationParams },
  responses: { 200: json(AuditEventActionList, "Supported audit event actions.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  authorizeAuditLog(serviceContext(c), c.req.valid("param").organizationId);
  const items = auditActions().map((action) => ({ object: "audit-event-action" as const, ...action }));
  return c.json({ items }, 200);
};
