import { z } from "@hono/zod-openapi";
import { INTEGRATION_CATEGORIES, INTEGRATION_SCOPES } from "../../db/schema";
import { OrganizationSchema } from "../../wire/organization";
import { listEnvelope, PageQuery, queryBoolean, TimestampSchema } from "../../wire/common";
import { SiteSchema } from "../../wire/site";
import { SpaceSchema } from "../../wire/space";

const NAME = /^[a-zA-Z0-9-_.]+$/;
export const IntegrationNameSchema = z.string().min(1).max(100).regex(NAME, "must match ^[a-zA-Z0-9-_.]+$");

export const IntegrationParams = z.object({ integrationName: IntegrationNameSchema });
export const InstallationParams = IntegrationParams.extend({ installationId: z.string().min(1).max(64) });
export const OrganizationIntegrationParams = z.object({
  organizationId: z.string(),
  integrationName: IntegrationNameSchema,
});

export const IntegrationScopeSchema = z.enum(INTEGRATION_SCOPES).openapi("IntegrationScope");
export const IntegrationCategorySchema = z.enum(INTEGRATION_CATEGORIES).openapi("IntegrationCategory");
export const IntegrationTargetSchema = z.enum(["all", "site", "space", "organization"]).openapi("IntegrationTarget");
export const IntegrationVisibilitySchema = z.enum(["public", "private", "unlisted"]).openapi("IntegrationVisibility");

const BlockSchema = z
  .object({
    id: z.string().min(1).max(100),
    title: z.string().min(2).max(40),
    description: z.string().max(150).optional(),
    icon: z.string().max(2048).optional(),
    urlUnfurl: z.array(z.string().max(2048)).max(50).optional(),
    markdown: z.object({ codeblock: z.string().max(100), body: z.string().max(100) }).optional(),
  })
  .openapi("IntegrationBlock");

const ContentSourceSchema = z
  .object({
    id: z.string().min(1).max(100),
    title: z.string().min(2).max(40),
    description: z.string().max(150).optional(),
    icon: z.string().max(2048).optional(),
    configuration: z.object({ componentId: z.string().min(1).max(100) }),
  })
  .openapi("IntegrationContentSource");

const PropertyBase = { title: z.string().max(30).optional(), description: z.string().max(100).optional() };
const PropertySchema = z.discriminatedUnion("type", [
  z.object({
    ...PropertyBase,
    type: z.literal("string"),
    default: z.string().optional(),
    completion_url: z.string().max(2048).optional(),
    enum: z.array(z.string()).max(100).optional(),
  }),
  z.object({ ...PropertyBase, type: z.literal("number"), default: z.number().optional() }),
  z.object({ ...PropertyBase, type: z.literal("boolean"), default: z.boolean().optional() }),
  z.object({
    ...PropertyBase,
    type: z.literal("button"),
    callback_url: z.string().max(2048),
    button_text: z.string().max(100),
  }),
]);

const ConfigurationSchema = z
  .object({
    properties: z.record(z.string().min(1).max(100), PropertySchema),
    required: z.array(z.string()).max(100).optional(),
  })
  .superRefine((c, ctx) => {
    for (const [i, key] of (c.required ?? []).entries()) {
      if (!(key in c.properties))
        ctx.addIssue({ code: "custom", path: ["required", i], message: `${key} is not a property` });
    }
  })
  .openapi("IntegrationConfiguration");

export const IntegrationConfigurationsSchema = z
  .object({
    account: ConfigurationSchema.optional(),
    space: ConfigurationSchema.optional(),
    site: ConfigurationSchema.optional(),
  })
  .openapi("IntegrationConfigurations");

const CspSchema = z
  .union([z.string().max(4096), z.record(z.string().max(64), z.string().max(2048))])
  .openapi("IntegrationContentSecurityPolicy");

const ExternalLinksSchema = z
  .array(z.object({ url: z.string().url().max(2048), label: z.string().min(1).max(100) }))
  .max(5)
  .openapi("IntegrationExternalLinks");

export const PublishIntegrationBody = z
  .object({
    runtime: z.enum(["v1", "v2"]).optional(),
    icon: z.string().max(1_500_000).optional(),
    title: z.string().min(2).max(30),
    description: z.string().max(100),
    summary: z.string().max(2048).optional(),
    previewImages: z.array(z.string().max(1_500_000)).max(3).optional(),
    visibility: IntegrationVisibilitySchema.optional(),
    target: IntegrationTargetSchema.optional(),
    scopes: z.array(IntegrationScopeSchema).max(20),
    categories: z.array(IntegrationCategorySchema).max(7).optional(),
    blocks: z.array(BlockSchema).max(50).optional(),
    contentSources: z.array(ContentSourceSchema).max(50).optional(),
    externalLinks: ExternalLinksSchema.optional(),
    configurations: IntegrationConfigurationsSchema.optional(),
    script: z.string().min(1),
    organization: z.string().min(1).max(128),
    secrets: z
      .record(z.string().min(1).max(100), z.string().max(10_000))
      .refine((s) => Object.keys(s).length <= 20, "must have at most 20 entries")
      .optional(),
    contentSecurityPolicy: CspSchema.optional(),
  })
  .openapi("PublishIntegration");

export const IntegrationSchema = z
  .object({
    object: z.literal("integration"),
    name: z.string(),
    version: z.number(),
    title: z.string(),
    description: z.string().optional(),
    summary: z.string().optional(),
    previewImages: z.array(z.string()),
    target: IntegrationTargetSchema,
    verified: z.boolean(),
    visibility: IntegrationVisibilitySchema,
    scopes: z.array(IntegrationScopeSchema),
    categories: z.array(IntegrationCategorySchema),
    blocks: z.array(BlockSchema).optional(),
    contentSources: z.array(ContentSourceSchema).optional(),
    configurations: IntegrationConfigurationsSchema.optional(),
    externalLinks: ExternalLinksSchema,
    owner: OrganizationSchema,
    urls: z.object({
      location: z.string(),
      icon: z.string().optional(),
      app: z.string(),
      assets: z.string(),
      publicEndpoint: z.string(),
    }),
    permissions: z.object({ admin: z.boolean() }),
    contentSecurityPolicy: CspSchema.optional(),
  })
  .openapi("Integration");
export const IntegrationList = listEnvelope(IntegrationSchema, "IntegrationList");

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
export const InstallationList = listEnvelope(InstallationSchema, "IntegrationInstallationList");

export const InstallationListQuery = PageQuery.extend({ externalId: z.string().max(256).optional() });
export const InstallIntegrationBody = z
  .object({ organization: z.string().min(1).max(128) })
  .openapi("OrganizationTarget");

export const UpdateInstallationBody = z
  .object({
    externalIds: z.array(z.string().min(1).max(256)).max(5).optional(),
    configuration: z.record(z.string().max(100), z.unknown()).optional(),
    space_selection: z.enum(["all", "selected"]).optional(),
    site_selection: z.enum(["all", "selected"]).optional(),
  })
  .openapi("UpdateIntegrationInstallation");

export const OrganizationInstallationsQuery = PageQuery.extend({
  search: z
    .string()
    .max(100)
    .optional()
    .openapi({ description: "Only integrations whose name or title contains this" }),
});
export const OrganizationInstallationList = listEnvelope(
  z.object({ installation: InstallationSchema, integration: IntegrationSchema }),
  "OrganizationInstallationList",
);
export const OrganizationIntegrationStatusList = listEnvelope(
  z.object({ status: InstallationStatusSchema, integration: IntegrationSchema }),
  "OrganizationIntegrationStatusList",
);

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
export const SpaceInstallationList = listEnvelope(SpaceInstallationSchema, "IntegrationSpaceInstallationList");

export const InstallOnSpaceBody = z.object({ space: z.string().min(1).max(128) });
export const UpdateSpaceInstallationBody = z
  .object(targetInstallationPatchFields)
  .openapi("UpdateIntegrationSpaceInstallation");

export const SpaceIntegrationsQuery = PageQuery.extend({
  search: z.string().max(100).optional().openapi({ description: "Only integrations whose name contains this" }),
});
export const SpaceIntegrationBlocksSchema = z
  .array(z.object({ name: z.string(), blocks: z.array(BlockSchema) }))
  .openapi("SpaceIntegrationBlocks");

export const SiteInstallationSchema = z
  .object({ ...targetInstallationFields, site: z.union([z.string(), SiteSchema]) })
  .openapi("IntegrationSiteInstallation");
export const SiteInstallationList = listEnvelope(SiteInstallationSchema, "IntegrationSiteInstallationList");

export const InstallOnSiteBody = z.object({ siteId: z.string().min(1).max(128) });
export const UpdateSiteInstallationBody = z
  .object(targetInstallationPatchFields)
  .openapi("UpdateIntegrationSiteInstallation");

export const SiteIntegrationsQuery = SpaceIntegrationsQuery;
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

export const IntegrationEventParams = IntegrationParams.extend({ eventId: z.string().min(1).max(128) });
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
export const RenderQuery = z.object({ request: z.string().min(1).max(100_000) });
export const ContentKitRenderOutputSchema = z
  .object({ type: z.enum(["element", "complete"]) })
  .catchall(z.unknown())
  .openapi("ContentKitRenderOutput");
export const QueueIntegrationTaskBody = z
  .object({
    task: z.record(z.string(), z.unknown()),
    schedule: z.number().int().min(0).max(86400).optional(),
  })
  .openapi("QueueIntegrationTask");
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
