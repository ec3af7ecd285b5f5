import { z } from "@hono/zod-openapi";
import { listEnvelope, TimestampSchema } from "./common";
import { IntegrationSchema } from "./integration";
import { SiteSchema } from "./site";
import { SpaceSchema } from "./space";

export const InstallationStatusSchema = z
  .enum(["active", "pending", "paused"])
  .openapi("IntegrationInstallationStatus");

export const InstallationSchema = z
  .object({
    id: z.string(),
    status: InstallationStatusSchema,
    space_selection: z.enum(["all", "selected"]),
    site_selection: z.enum(["all", "selected"]),
    spaces: z.number(),
    configuration: z.record(z.string(), z.unknown()),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
    urls: z.object({ location: z.string(), app: z.string(), publicEndpoint: z.string() }),
    externalIds: z.array(z.string()),
    target: z.object({ organization: z.string() }),
  })
  .openapi("IntegrationInstallation");
export type IntegrationInstallation = z.infer<typeof InstallationSchema>;
export const InstallationList = listEnvelope(InstallationSchema, "IntegrationInstallationList");

export const InstallIntegrationBody = z
  .object({ organization: z.string().min(1).max(128) })
  .openapi("OrganizationTarget");
export type OrganizationTarget = z.infer<typeof InstallIntegrationBody>;

export const UpdateInstallationBody = z
  .object({
    externalIds: z.array(z.string().min(1).max(256)).max(5).optional(),
    configuration: z.record(z.string().max(100), z.unknown()).optional(),
    space_selection: z.enum(["all", "selected"]).optional(),
    site_selection: z.enum(["all", "selected"]).optional(),
  })
  .openapi("UpdateIntegrationInstallation");
export type UpdateIntegrationInstallation = z.infer<typeof UpdateInstallationBody>;

export const OrganizationInstallationList = listEnvelope(
  z.object({ installation: InstallationSchema, integration: IntegrationSchema }),
  "OrganizationInstallationList",
);
export const OrganizationIntegrationStatusList = listEnvelope(
  z.object({ status: InstallationStatusSchema, integration: IntegrationSchema }),
  "OrganizationIntegrationStatusList",
);

/** The fields IntegrationSpaceInstallation and IntegrationSiteInstallation share (the reference repeats them). */
const targetInstallationFields = {
  integration: z.string(),
  installation: z.string(),
  status: InstallationStatusSchema,
  configuration: z.record(z.string(), z.unknown()),
  externalIds: z.array(z.string()),
  urls: z.object({ location: z.string(), publicEndpoint: z.string() }),
};
/** The fields of UpdateIntegrationSpaceInstallation and UpdateIntegrationSiteInstallation. */
const targetInstallationPatchFields = {
  externalIds: z.array(z.string().min(1).max(256)).max(5).optional(),
  configuration: z.record(z.string().max(100), z.unknown()).optional(),
};

export const SpaceInstallationSchema = z
  .object({ ...targetInstallationFields, space: z.union([z.string(), SpaceSchema]) })
  .openapi("IntegrationSpaceInstallation");
export type IntegrationSpaceInstallation = z.infer<typeof SpaceInstallationSchema>;
export const SpaceInstallationList = listEnvelope(SpaceInstallationSchema, "IntegrationSpaceInstallationList");

export const UpdateSpaceInstallationBody = z
  .object(targetInstallationPatchFields)
  .openapi("UpdateIntegrationSpaceInstallation");
export type UpdateIntegrationSpaceInstallation = z.infer<typeof UpdateSpaceInstallationBody>;

export const SiteInstallationSchema = z
  .object({ ...targetInstallationFields, site: z.union([z.string(), SiteSchema]) })
  .openapi("IntegrationSiteInstallation");
export type IntegrationSiteInstallation = z.infer<typeof SiteInstallationSchema>;
export const SiteInstallationList = listEnvelope(SiteInstallationSchema, "IntegrationSiteInstallationList");

export const UpdateSiteInstallationBody = z
  .object(targetInstallationPatchFields)
  .openapi("UpdateIntegrationSiteInstallation");
export type UpdateIntegrationSiteInstallation = z.infer<typeof UpdateSiteInstallationBody>;

/** createIntegrationInstallationToken's answer. */
export const APITemporaryTokenSchema = z
  .object({ token: z.string().openapi({ description: "Temporary access token to authenticate with the API" }) })
  .openapi("APITemporaryToken");
export type APITemporaryToken = z.infer<typeof APITemporaryTokenSchema>;
