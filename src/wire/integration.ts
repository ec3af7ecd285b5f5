import { z } from "@hono/zod-openapi";
import { INTEGRATION_CATEGORIES, INTEGRATION_SCOPES } from "../db/schema";
import { listEnvelope } from "./common";
import { OrganizationSchema } from "./organization";

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
export type IntegrationConfigurations = z.infer<typeof IntegrationConfigurationsSchema>;

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
export type PublishIntegration = z.infer<typeof PublishIntegrationBody>;

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
export type Integration = z.infer<typeof IntegrationSchema>;
export const IntegrationList = listEnvelope(IntegrationSchema, "IntegrationList");

export const SpaceIntegrationBlocksSchema = z
  .array(z.object({ name: z.string(), blocks: z.array(BlockSchema) }))
  .openapi("SpaceIntegrationBlocks");
export type SpaceIntegrationBlocks = z.infer<typeof SpaceIntegrationBlocksSchema>;
