import { z } from "@hono/zod-openapi";
import { isPemCertificate } from "../lib/x509";
import { MemberRoleOrGuestSchema, TimestampSchema, listEnvelope } from "./common";
import { TeamSchema } from "./team";

const Label = z.string().trim().min(1).max(30);
const EntityID = z.string().trim().min(1).max(1024);
const Certificate = z
  .string()
  .max(10000)
  .refine(isPemCertificate, "must be a PEM-encoded X.509 certificate (-----BEGIN CERTIFICATE----- …)")
  .transform((pem) => pem.trim());
const SsoURL = z.url({ protocol: /^https?$/ }).max(2048);

const fields = {
  entityID: EntityID.optional(),
  certificate: Certificate.optional(),
  ssoURL: SsoURL.optional(),
  defaultTeam: z.string().min(1).optional(),
  defaultRole: MemberRoleOrGuestSchema.optional(),
};

export const CreateSamlProviderBody = z.object({ label: Label, ...fields }).openapi("CreateOrganizationSAMLProvider");
export type CreateOrganizationSAMLProvider = z.infer<typeof CreateSamlProviderBody>;
export const UpdateSamlProviderBody = z
  .object({ label: Label.optional(), ...fields })
  .openapi("UpdateOrganizationSAMLProvider");
export type UpdateOrganizationSAMLProvider = z.infer<typeof UpdateSamlProviderBody>;

export const SamlProviderSchema = z
  .object({
    object: z.literal("saml-provider"),
    id: z.string(),
    label: z.string(),
    ssoURL: z.string(),
    entityID: z.string(),
    certificate: z.string(),
    defaultTeam: TeamSchema.optional(),
    defaultRole: MemberRoleOrGuestSchema,
    createdAt: TimestampSchema,
    status: z.enum(["active", "pending"]),
    service: z.object({ acsURL: z.string(), startURL: z.string(), entityID: z.string() }),
    urls: z.object({ location: z.string() }),
  })
  .openapi("OrganizationSAMLProvider");
export type OrganizationSAMLProvider = z.infer<typeof SamlProviderSchema>;

export const SamlProviderList = listEnvelope(SamlProviderSchema, "OrganizationSAMLProviderList");

export const SSOLoginList = z
  .object({
    items: z.array(
      z.object({ id: z.string(), label: z.string(), startURL: z.string() }).openapi("OrganizationSSOProviderLogin"),
    ),
  })
  .openapi("OrganizationSSOProviderLoginList");
export type OrganizationSSOProviderLoginList = z.infer<typeof SSOLoginList>;
