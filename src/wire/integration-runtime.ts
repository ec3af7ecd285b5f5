import { z } from "@hono/zod-openapi";
import { listEnvelope, TimestampSchema } from "./common";

// What integrations' scripts and their developers exchange with Quire: events, ContentKit renders, tasks,
// development mode, and the scripts published content embeds.

const integrationScriptFields = {
  script: z.string().openapi({ description: "Script URL to load (served by Quire from the integration's code)." }),
  contentSecurityPolicy: z.string().optional(),
  cookies: z.boolean(),
};
export const SiteIntegrationScriptList = z
  .array(z.object(integrationScriptFields).openapi("SiteIntegrationScript"))
  .openapi("SiteIntegrationScriptList");
export const SpaceIntegrationScriptList = z
  .array(z.object(integrationScriptFields).openapi("SpaceIntegrationScript"))
  .openapi("SpaceIntegrationScriptList");
export type SiteIntegrationScript = z.infer<typeof SiteIntegrationScriptList>[number];
export type SpaceIntegrationScript = z.infer<typeof SpaceIntegrationScriptList>[number];

export const IntegrationEventSchema = z
  .object({
    id: z.string(),
    integrationId: z.string(),
    installationId: z.string().optional(),
    createdAt: TimestampSchema,
    payload: z.object({ eventId: z.string(), type: z.string() }).catchall(z.unknown()),
    status: z.enum(["success", "failed"]),
  })
  .openapi("IntegrationEvent");
export type IntegrationEvent = z.infer<typeof IntegrationEventSchema>;
export const IntegrationEventList = listEnvelope(IntegrationEventSchema, "IntegrationEventList");
export const IntegrationEventWithTrace = z
  .object({
    event: IntegrationEventSchema,
    trace: z
      .object({
        logs: z.array(
          z.object({
            message: z.string(),
            timestamp: TimestampSchema,
            level: z.enum(["debug", "info", "warn", "error"]),
          }),
        ),
      })
      .optional(),
  })
  .openapi("IntegrationEventWithTrace");
export type IntegrationEventWithTrace = z.infer<typeof IntegrationEventWithTrace>;

const ContentKitContextSchema = z
  .object({
    type: z.enum([
      "configuration_account",
      "configuration_space",
      "configuration_site",
      "configuration_contentsource",
      "document",
    ]),
    theme: z.enum(["dark", "light"]).optional(),
    organizationId: z.string().min(1).max(128).optional(),
    spaceId: z.string().min(1).max(128).optional(),
    siteId: z.string().min(1).max(128).optional(),
    editable: z.boolean().optional(),
  })
  .catchall(z.unknown())
  .superRefine((context, issues) => {
    const needs =
      context.type === "configuration_site"
        ? "siteId"
        : context.type === "configuration_space" || context.type === "document"
          ? "spaceId"
          : "organizationId";
    if (!context[needs]) issues.addIssue({ code: "custom", path: [needs], message: `is required for ${context.type}` });
  })
  .openapi("ContentKitContext");
export const RenderIntegrationUIBody = z
  .object({
    componentId: z.string().min(1).max(256),
    props: z.record(z.string(), z.unknown()),
    state: z.record(z.string(), z.unknown()).optional(),
    context: ContentKitContextSchema,
    action: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi("RenderIntegrationUI");
export type RenderIntegrationUI = z.infer<typeof RenderIntegrationUIBody>;
export const ContentKitRenderOutputSchema = z
  .object({ type: z.enum(["element", "complete"]) })
  .catchall(z.unknown())
  .openapi("ContentKitRenderOutput");
export type ContentKitRenderOutput = z.infer<typeof ContentKitRenderOutputSchema>;
export const QueueIntegrationTaskBody = z
  .object({
    task: z.record(z.string(), z.unknown()),
    schedule: z.number().int().min(0).max(86400).optional(),
  })
  .openapi("QueueIntegrationTask");
export type QueueIntegrationTask = z.infer<typeof QueueIntegrationTaskBody>;
const isHttpUrl = (value: string) => {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

export const SetDevelopmentModeBody = z
  .object({
    tunnelUrl: z
      .string()
      .min(1)
      .max(256)
      .refine(isHttpUrl, "must be an absolute http(s) URL")
      .openapi({ description: "URL of the tunnel to dispatch integration events to" }),
    all: z.boolean().default(false).openapi({
      description:
        "If set to true, all requests will be forwarded to the tunnel, not just from the owning organization.",
    }),
  })
  .openapi("SetIntegrationDevelopmentMode");
export type SetIntegrationDevelopmentMode = z.infer<typeof SetDevelopmentModeBody>;
