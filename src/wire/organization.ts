import { z } from "@hono/zod-openapi";
import { MemberRoleOrGuestSchema, TimestampSchema } from "./common";

export const OrganizationSchema = z
  .object({
    object: z.literal("organization"),
    id: z.string(),
    title: z.string(),
    createdAt: TimestampSchema,
    emailDomains: z.array(z.string()),
    hostname: z.string().optional(),
    type: z.enum(["business", "community"]),
    useCase: z.string().optional(),
    communityType: z.string().optional(),
    defaultRole: MemberRoleOrGuestSchema.optional(),
    defaultContent: z.object({ type: z.literal("site"), site: z.string() }).optional(),
    sso: z.boolean().optional(),
    ai: z.boolean().optional(),
    inviteLinks: z.boolean(),
    plan: z.string(),
    customHostname: z.string().optional(),
    urls: z.object({ location: z.string(), app: z.string(), logo: z.string().optional() }),
    /** 0.202: the organization's merge rules; Quire has none (a change request merges without review). */
    mergeRules: z.object({ type: z.literal("none") }),
    trial: z.object({
      status: z.string(),
      /** 0.202 (required there): trials consumed, always 0 without billing. */
      count: z.number().int(),
      endDate: z.string().optional(),
      decision: z.string().optional(),
    }),
    permissions: z.object({
      view: z.boolean(),
      /** 0.202: whether the caller sees the organization in the app (as `view`). */
      access: z.boolean(),
      admin: z.boolean(),
      ownTeam: z.boolean(),
      createContent: z.boolean(),
      createOpenAPISpec: z.boolean(),
      ingestConversations: z.boolean(),
      viewBilling: z.boolean(),
      listMembers: z.boolean(),
      listTeams: z.boolean(),
      listIntegrations: z.boolean(),
      listInstallations: z.boolean(),
      installIntegration: z.boolean(),
    }),
  })
  .openapi("Organization");
