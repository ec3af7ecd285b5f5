import { z } from "@hono/zod-openapi";
import { TimestampSchema } from "./common";
import { JSONDocumentSchema } from "./revision";

/** Characters of markdown an instructions document may convert to (README "Agent settings and instructions"). */
export const MAX_AGENT_INSTRUCTIONS = 10_000;

/**
 * The reference's JSONDocument, or (Quire's leniency, kept on purpose: an admin writes instructions as text) a
 * markdown string of at most MAX_AGENT_INSTRUCTIONS characters, stored and answered as the document it reads as.
 * Served as the `oneOf` it is (zod-openapi would write a union as `anyOf`, and inline the document's shape).
 */
const AgentInstructionsInput = z
  .unknown()
  .pipe(z.union([JSONDocumentSchema, z.string().max(MAX_AGENT_INSTRUCTIONS)]))
  .openapi({
    description: "A JSONDocument, or the same instructions as a markdown string.",
    oneOf: [
      { $ref: "#/components/schemas/JSONDocument" },
      { type: "string", maxLength: MAX_AGENT_INSTRUCTIONS, description: "Markdown (Quire's own leniency)" },
    ],
  } as never);
export type AgentInstructionsInputValue = z.infer<typeof AgentInstructionsInput>;

export const SiteSettingsScanTopicsSchema = z.enum(["auto", "never"]).openapi("SiteSettingsScanTopics");
export const SiteSettingsFindingChangeRequestsSchema = z
  .enum(["always", "auto-fixable", "never"])
  .openapi("SiteSettingsFindingChangeRequests");

export const SiteAgentSettingsInputSchema = z
  .object({
    scans: z.object({ topics: SiteSettingsScanTopicsSchema }),
    findings: z.object({ changeRequests: SiteSettingsFindingChangeRequestsSchema }),
    editing: z.object({ customInstructions: AgentInstructionsInput }),
  })
  .openapi("SiteAgentSettingsInput");
export type SiteAgentSettingsInput = z.infer<typeof SiteAgentSettingsInputSchema>;

export const SiteAgentSettingsSchema = z
  .object({
    object: z.literal("site-agent-settings"),
    scans: z.object({ topics: SiteSettingsScanTopicsSchema }),
    findings: z.object({ changeRequests: SiteSettingsFindingChangeRequestsSchema }),
    editing: z.object({ customInstructions: JSONDocumentSchema }),
    updatedAt: TimestampSchema.optional(),
    updatedBy: z.string().optional().openapi({ description: "The member who last updated the settings" }),
    urls: z.object({ location: z.string() }),
  })
  .openapi("SiteAgentSettings");
export type SiteAgentSettings = z.infer<typeof SiteAgentSettingsSchema>;

/** updateOrganizationAgentInstructions' body (inline in the reference: no component name). */
export const UpdateOrganizationAgentInstructionsBody = z.object({ instructions: AgentInstructionsInput });

export const OrganizationAgentInstructionsSchema = z
  .object({
    object: z.literal("agent-instructions"),
    instructions: JSONDocumentSchema,
    updatedAt: TimestampSchema,
    updatedBy: z.string().openapi({ description: "The member who last updated the instructions" }),
    urls: z.object({ location: z.string() }),
  })
  .openapi("OrganizationAgentInstructions");
export type OrganizationAgentInstructions = z.infer<typeof OrganizationAgentInstructionsSchema>;
