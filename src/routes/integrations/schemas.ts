import { z } from "@hono/zod-openapi";
import { PageQuery, queryBoolean } from "../../wire/common";
import { IntegrationCategorySchema, IntegrationScopeSchema, IntegrationTargetSchema } from "../../wire/integration";

const NAME = /^[a-zA-Z0-9-_.]+$/;
export const IntegrationNameSchema = z.string().min(1).max(100).regex(NAME, "must match ^[a-zA-Z0-9-_.]+$");

export const IntegrationParams = z.object({ integrationName: IntegrationNameSchema });
export const InstallationParams = IntegrationParams.extend({ installationId: z.string().min(1).max(64) });
export const OrganizationIntegrationParams = z.object({
  organizationId: z.string(),
  integrationName: IntegrationNameSchema,
});

const optionalBoolean = z
  .enum(["true", "false"])
  .transform((v) => v === "true")
  .optional();

export const IntegrationListQuery = PageQuery.extend({
  search: z
    .string()
    .max(100)
    .optional()
    .openapi({ description: "Only integrations whose name or title contains this" }),
  category: IntegrationCategorySchema.optional(),
  blockDomain: z.string().max(100).regex(NAME).optional(),
  blocks: optionalBoolean,
  contentSources: optionalBoolean,
  owner: z.string().max(128).optional(),
  scope: IntegrationScopeSchema.optional(),
  target: IntegrationTargetSchema.optional(),
});

export const InstallationListQuery = PageQuery.extend({ externalId: z.string().max(256).optional() });
export const OrganizationInstallationsQuery = PageQuery.extend({
  search: z
    .string()
    .max(100)
    .optional()
    .openapi({ description: "Only integrations whose name or title contains this" }),
});
export const InstallationSpaceParams = InstallationParams.extend({ spaceId: z.string().min(1).max(128) });
export const InstallationSiteParams = InstallationParams.extend({ siteId: z.string().min(1).max(128) });
export const ExtendedQuery = z.object({ extended: queryBoolean(false) });
/** The query of the lists of an installation's spaces or sites. */
const TargetInstallationListQuery = PageQuery.extend({ extended: queryBoolean(false) });
export const SpaceInstallationListQuery = TargetInstallationListQuery;
export const SiteInstallationListQuery = TargetInstallationListQuery;
/** The query of the lists of an integration's space or site installations. */
const IntegrationTargetInstallationsQuery = TargetInstallationListQuery.extend({
  externalId: z.string().max(256).optional(),
});
export const IntegrationSpaceInstallationsQuery = IntegrationTargetInstallationsQuery;
export const IntegrationSiteInstallationsQuery = IntegrationTargetInstallationsQuery;

export const InstallOnSpaceBody = z.object({ space: z.string().min(1).max(128) });
export const SpaceIntegrationsQuery = PageQuery.extend({
  search: z.string().max(100).optional().openapi({ description: "Only integrations whose name contains this" }),
});
export const InstallOnSiteBody = z.object({ siteId: z.string().min(1).max(128) });
export const SiteIntegrationsQuery = SpaceIntegrationsQuery;
export const IntegrationEventParams = IntegrationParams.extend({ eventId: z.string().min(1).max(128) });
export const RenderQuery = z.object({ request: z.string().min(1).max(100_000) });
