import { z } from "@hono/zod-openapi";
import { listEnvelope, TimestampSchema } from "./common";

export const AuditEventActionSchema = z
  .object({ object: z.literal("audit-event-action"), id: z.string(), label: z.string() })
  .openapi("AuditEventAction");

export const AuditEventActionList = z
  .object({ items: z.array(AuditEventActionSchema) })
  .openapi("AuditEventActionList");

const AuditEventActorSchema = z
  .object({ type: z.enum(["user", "integration", "installation"]), id: z.string(), label: z.string().optional() })
  .openapi("AuditEventActor");

const AuditEventTargetSchema = z
  .object({ type: z.string(), id: z.string(), label: z.string().optional() })
  .openapi("AuditEventTarget");

export const AuditEventSchema = z
  .object({
    object: z.literal("audit-event"),
    id: z.string(),
    occurredAt: TimestampSchema,
    action: z.string(),
    actor: AuditEventActorSchema,
    source: z.enum(["api", "integration"]),
    target: AuditEventTargetSchema,
    urls: z.object({ location: z.string() }),
  })
  .openapi("AuditEvent");
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditEventDetailsSchema = AuditEventSchema.extend({
  executionId: z.string().optional(),
  correlationId: z.string().optional(),
  schemaVersion: z.number().int(),
  payload: z.record(z.string(), z.unknown()),
}).openapi("AuditEventDetails");
export type AuditEventDetails = z.infer<typeof AuditEventDetailsSchema>;

export const AuditEventList = listEnvelope(AuditEventSchema, "AuditEventList");
