import { z } from "@hono/zod-openapi";
import { listEnvelope, MemberRoleOrGuestSchema, TimestampSchema } from "./common";

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
export type Organization = z.infer<typeof OrganizationSchema>;

export const SUBDOMAIN_PATTERN = /^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/;

export const OrganizationList = listEnvelope(OrganizationSchema, "OrganizationList");

/** A domain name: labels of letters, digits and hyphens, at least one dot. */
const DomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/, "must be a domain name such as example.com");

export const UpdateOrganizationBody = z
  .object({
    title: z.string().trim().min(2).max(255).optional(),
    emailDomains: z.array(DomainSchema).max(100).optional(),
    hostname: z
      .string()
      .min(3)
      .max(32)
      .regex(
        SUBDOMAIN_PATTERN,
        "must be 3 to 32 lower-case letters, digits or hyphens, not starting or ending with a hyphen",
      )
      .optional(),
    defaultRole: MemberRoleOrGuestSchema.optional(),
    defaultContent: z
      .object({ type: z.literal("site"), site: z.string().min(1) })
      .nullable()
      .optional(),
    logo: z.url().max(2048).nullable().optional(),
    sso: z.boolean().optional(),
    ai: z.boolean().optional(),
    inviteLinks: z.boolean().optional(),
  })
  .openapi("UpdateOrganization");
export type UpdateOrganization = z.infer<typeof UpdateOrganizationBody>;

export const CreateOrganizationBody = z
  .object({
    title: z.string().trim().min(2).max(255),
    emailDomains: z.array(DomainSchema).max(100).optional(),
    /** 0.202's onboarding answers for the default site: accepted and not used (Quire's default site is its sample). */
    onboardingPreferences: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi("CreateOrganization");
export type CreateOrganization = z.infer<typeof CreateOrganizationBody>;

export const SubdomainSchema = z
  .object({
    object: z.literal("subdomain"),
    subdomain: z.string(),
    target: z.object({ type: z.literal("organization"), organization: z.string() }),
    isActive: z.boolean(),
  })
  .openapi("Subdomain");
export type Subdomain = z.infer<typeof SubdomainSchema>;
