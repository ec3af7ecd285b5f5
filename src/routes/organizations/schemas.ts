import { z } from "@hono/zod-openapi";
import { listEnvelope, MemberRoleOrGuestSchema, queryBoolean } from "../../wire/common";
import { OrganizationSchema } from "../../wire/organization";

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

export const CreateOrganizationBody = z
  .object({
    title: z.string().trim().min(2).max(255),
    emailDomains: z.array(DomainSchema).max(100).optional(),
    /** 0.202's onboarding answers for the default site: accepted and not used (Quire's default site is its sample). */
    onboardingPreferences: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi("CreateOrganization");

export const CreateOrganizationQuery = z.object({
  withDefaultSite: queryBoolean(false),
  openapiUrl: z.string().max(2048).optional(),
});

export const SubdomainSchema = z
  .object({
    object: z.literal("subdomain"),
    subdomain: z.string(),
    target: z.object({ type: z.literal("organization"), organization: z.string() }),
    isActive: z.boolean(),
  })
  .openapi("Subdomain");
