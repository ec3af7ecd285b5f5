import { z } from "@hono/zod-openapi";
import { TimestampSchema, listEnvelope } from "./common";

export const SPEC_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const SpecSlugSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(SPEC_SLUG_PATTERN, "must be lower-case letters and digits in words separated by single hyphens")
  .openapi("OpenAPISpecSlug");

export const SpecSourceSchema = z
  .union([z.object({ url: z.url({ protocol: /^https?$/ }).max(2048) }), z.object({ text: z.string().min(1) })])
  .openapi("OpenAPISpecSource");

export const CreateSpecBody = z.object({ slug: SpecSlugSchema, source: SpecSourceSchema }).openapi("CreateOpenAPISpec");
export type CreateOpenAPISpec = z.infer<typeof CreateSpecBody>;
export const PutSpecBody = z.object({ source: SpecSourceSchema }).openapi("CreateOrUpdateOpenAPISpec");
export type CreateOrUpdateOpenAPISpec = z.infer<typeof PutSpecBody>;
export const UpdateSpecBody = z.object({ visibility: z.enum(["private", "public"]) }).openapi("UpdateOpenAPISpec");
export type UpdateOpenAPISpec = z.infer<typeof UpdateSpecBody>;

const ERROR_CODES = ["FETCH_TIMEOUT", "FETCH_ERROR", "PARSE_ERROR"] as const;

export const SpecSchema = z
  .object({
    object: z.literal("openapi-spec"),
    id: z.string(),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
    slug: z.string(),
    sourceURL: z.string().optional(),
    processingState: z.enum(["pending", "progress", "complete"]),
    visibility: z.enum(["private", "public"]).optional(),
    lastVersion: z.string().optional(),
    lastProcessedAt: TimestampSchema.optional(),
    lastProcessErrorCode: z.enum(ERROR_CODES).optional(),
    permissions: z.object({ view: z.boolean(), edit: z.boolean() }),
    urls: z.object({ location: z.string(), app: z.string(), published: z.string().optional() }),
  })
  .openapi("OpenAPISpec");
export type OpenAPISpec = z.infer<typeof SpecSchema>;

export const SpecList = listEnvelope(SpecSchema, "OpenAPISpecList");

export const SpecVersionSchema = z
  .object({
    object: z.literal("openapi-spec-version"),
    id: z.string(),
    createdAt: TimestampSchema.optional(),
    url: z.string(),
    urls: z.object({ location: z.string() }),
  })
  .openapi("OpenAPISpecVersion");
export type OpenAPISpecVersion = z.infer<typeof SpecVersionSchema>;

export const SpecVersionList = listEnvelope(SpecVersionSchema, "OpenAPISpecVersionList");

export const SpecContentSchema = z
  .object({
    filesystem: z
      .record(z.string(), z.string())
      .openapi({ description: "The specification's files: file name → text." }),
    url: z.string(),
  })
  .openapi("OpenAPISpecContent");
export type OpenAPISpecContent = z.infer<typeof SpecContentSchema>;

export const SpecRawContentSchema = z
  .object({
    text: z.string().openapi({ description: "Raw specification text, exactly as submitted." }),
    format: z.enum(["json", "yaml"]).openapi({ description: "Format of the raw specification text." }),
  })
  .openapi("OpenAPISpecRawContent", { description: "Raw original content of the specification entrypoint file." });
export type OpenAPISpecRawContent = z.infer<typeof SpecRawContentSchema>;
