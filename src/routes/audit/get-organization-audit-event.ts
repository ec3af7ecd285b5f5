import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentAuditEventDetails } from "../../presenters/audit-event";
import { getAuditEvent } from "../../services/audit";
import { AuditEventDetailsSchema } from "../../wire/audit";
import { OrganizationParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/audit-events/{auditEventId}",
  operationId: "getOrganizationAuditEvent",
  tags: ["organizations"],
  summary: "Get an organization audit event",
  request: { params: OrganizationParams.extend({ auditEventId: z.string().min(1).max(64) }) },
  responses: { 200: json(AuditEventDetailsSchema, "The audit event.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, auditEventId } = c.req.valid("param");
  return c.json(presentAuditEventDetails(await getAuditEvent(ctx, organizationId, auditEventId), ctx.urls), 200);
};
