import { z } from "@hono/zod-openapi";
import { listEnvelope, TimestampSchema, URLSchema } from "./common";
import { StorageFileKeySchema } from "./font";

// Import runs (startImportRun, …): the 0.202 ContentImportRun and its source and target.

export const MAX_IMPORT_FILES = 50;

export const ContentImportSourceSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("website"), url: URLSchema }),
    z.object({ type: z.literal("file"), files: z.array(StorageFileKeySchema).min(1).max(MAX_IMPORT_FILES) }),
  ])
  .openapi("ContentImportSource");

const Id = z.string().min(1).max(128);

/** `space` may be left out (Quire's leniency): the run then imports into a new space of the organization. */
export const ContentImportTargetSchema = z
  .object({ space: Id.optional(), changeRequest: Id.optional(), page: Id.optional() })
  .openapi("ContentImportTarget");

export const ImportRunStatusSchema = z.enum(["pending", "in-progress", "completed", "failed", "cancelled"]);

export const ContentImportRunSchema = z
  .object({
    object: z.literal("import-run"),
    id: z.string(),
    status: ImportRunStatusSchema,
    reason: z.string().optional(),
    source: ContentImportSourceSchema,
    target: z.object({ space: z.string(), changeRequest: z.string().optional(), page: z.string().optional() }),
    site: z.string().optional(),
    createdBy: z.string().optional(),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
    startedAt: TimestampSchema.optional(),
    completedAt: TimestampSchema.optional(),
    urls: z.object({ location: z.string() }),
    pages: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        sourceURL: z.string().optional(),
        type: z.enum(["page", "folder"]),
        status: z.enum(["complete", "pending"]),
        error: z.string().optional().openapi({ description: "Why the page could not be imported (Quire's)" }),
      }),
    ),
    progress: z
      .object({ pagesTotal: z.number().int(), pagesDone: z.number().int(), pagesFailed: z.number().int() })
      .openapi({ description: "Pages planned, written and failed so far (Quire's)" }),
    cancelRequested: z.boolean().openapi({ description: "Cancelled while running: stops before its next page" }),
  })
  .openapi("ContentImportRun");

export const ContentImportRunListSchema = listEnvelope(ContentImportRunSchema, "ContentImportRunList");

export const StartImportRunBody = z
  .object({
    source: ContentImportSourceSchema,
    target: ContentImportTargetSchema,
    site: z.string().min(1).max(128).optional(),
    enhance: z.boolean().optional().openapi({ description: "Accepted; Quire imports the content as it is" }),
  })
  .openapi("StartImportRunRequest");
export type StartImportRunRequest = z.infer<typeof StartImportRunBody>;
export type ContentImportRun = z.infer<typeof ContentImportRunSchema>;
