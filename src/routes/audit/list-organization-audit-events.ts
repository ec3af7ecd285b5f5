import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { mapPage } from "../../lib/pagination";
import { presentAuditEvent } from "../../presenters/audit-event";
import { listAuditEvents } from "../../services/audit";
import { AuditEventList } from "../../wire/audit";
import { PageQuery } from "../../wire/common";
import { OrganizationParams } from "../../wire/params";

const Instant = z.iso.datetime({ offset: true }).transform((value) => Date.parse(value));

export const AuditEventQuery = PageQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  from: Instant.optional().openapi({ type: "string", format: "date-time" }),
  to: Instant.optional().openapi({ type: "string", format: "date-time" }),
  action: z.string().max(200).optional(),
  actor: z.string().max(200).optional(),
  target: z.string().max(2048).optional(),
});

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/audit-events",
  operationId: "listOrganizationAuditEvents",
  tags: ["organizations"],
  summary: "List organization audit events",
  description:
    "Newest first, up to 100 per page (default 20); `from`/`to` bound `occurredAt` (inclusive), `action`, `actor` and `target` match ids exactly (admins only).",
  request: { params: OrganizationParams, query: AuditEventQuery },
  responses: { 200: json(AuditEventList, "Paginated audit events.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const page = await listAuditEvents(ctx, c.req.valid("param").organizationId, c.req.valid("query"));
  return c.json(
    mapPage(page, (row) => presentAuditEvent(row, ctx.urls)),
    200,
  );
};
