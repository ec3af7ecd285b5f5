import { z } from "zod";
import { ComputedRevisionSource } from "./computed";
import { documentInput, type DocumentInputValue } from "./document-input";
import type { PageMetadataKey } from "./model";

/** The content-write batch (content-changes.json): 1..50 changes, applied atomically. */
const PageMetadata = {
  title: z.string().min(1).max(512).optional(),
  slug: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[^/\s?#]+$/, "must not contain slashes, spaces, ? or #")
    .optional(),
  emoji: z.string().max(50).optional(),
  icon: z.string().max(50).optional(),
  description: z.string().max(2000).optional(),
  hidden: z.boolean().optional(),
  noIndex: z.boolean().optional(),
  noRobotsIndex: z.boolean().optional(),
  condition: z.string().max(1024).optional(),
} satisfies Record<PageMetadataKey | "slug", z.ZodType>;

const MAX_MARKDOWN = 1024 * 1024;

const DocumentInput = documentInput(MAX_MARKDOWN);

const FileInput = z
  .object({
    ref: z.string().min(1).max(256).optional(),
    name: z.string().min(1).max(256),
    contentType: z.string().min(1).max(255).optional(),
    url: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional(),
    base64: z.string().optional(),
  })
  .refine((f) => (f.url === undefined) !== (f.base64 === undefined), { message: "set exactly one of url or base64" })
  .refine((f) => f.base64 === undefined || f.contentType !== undefined, {
    message: "contentType is required with base64",
  });

export const ContentChange = z.discriminatedUnion("operation", [
  z
    .object({
      operation: z.literal("insert_page"),
      ...PageMetadata,
      into: z.string().optional(),
      at: z.number().int().min(0).optional(),
      ref: z.string().min(1).max(256).optional(),
      /** `computed`: a page generated from `computed` (InputPageComputed), with no document of its own. */
      type: z.enum(["document", "computed"]).optional(),
      computed: ComputedRevisionSource.optional(),
      document: DocumentInput.optional(),
    })
    .superRefine((change, issues) => {
      const computed = change.type === "computed";
      if (computed && change.computed === undefined)
        issues.addIssue({ code: "custom", path: ["computed"], message: 'is required with type "computed"' });
      if (!computed && change.computed !== undefined)
        issues.addIssue({ code: "custom", path: ["computed"], message: 'is only allowed with type "computed"' });
      if (computed && change.document !== undefined)
        issues.addIssue({ code: "custom", path: ["document"], message: "a computed page has no document" });
      if (!computed && change.document === undefined)
        issues.addIssue({ code: "custom", path: ["document"], message: "is required" });
    }),
  z.object({
    operation: z.literal("update_page"),
    ...PageMetadata,
    page: z.string().min(1),
    document: DocumentInput.optional(),
    /** A computed page's new source. */
    computed: ComputedRevisionSource.optional(),
    into: z.string().nullable().optional(),
    at: z.number().int().min(0).optional(),
  }),
  z.object({ operation: z.literal("delete_page"), page: z.string().min(1) }),
  z.object({
    operation: z.literal("revert_page"),
    page: z.string().min(1),
    revision: z.string().optional(),
    block: z.array(z.string()).optional(),
  }),
  z.object({ operation: z.literal("insert_files"), files: z.array(FileInput).min(1).max(20) }),
]);

/** Named `ChangeRequestContentChanges` in the OpenAPI document by its route. */
export const ContentChangesBody = z.object({ changes: z.array(ContentChange).min(1).max(50) });

export type ContentChangeInput = z.infer<typeof ContentChange>;
export type { DocumentInputValue };
export type FileInputValue = z.infer<typeof FileInput>;
