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
    trial: z.object({ status: z.string(), endDate: z.string().optional(), decision: z.string().optional() }),
    permissions: z.object({
      view: z.boolean(),
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
