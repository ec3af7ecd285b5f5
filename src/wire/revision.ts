import { z } from "@hono/zod-openapi";
import { listEnvelope } from "./common";
import { ContentRefSchema } from "./content-ref";
import { ChangeRequestSchema } from "./change-request";
import { JSONDocumentSchema } from "./document";

const PageBase = {
  id: z.string(),
  title: z.string().min(1),
  emoji: z.string().optional(),
  icon: z.string().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
};
const PageVisibility = {
  hidden: z.boolean().optional(),
  noIndex: z.boolean().optional(),
  noRobotsIndex: z.boolean().optional(),
};

export const PageLayoutSchema = z
  .object({
    width: z.enum(["default", "wide"]),
    cover: z.boolean(),
    coverSize: z.enum(["hero", "full"]),
    title: z.boolean(),
    description: z.boolean(),
    tableOfContents: z.boolean(),
    outline: z.boolean(),
    pagination: z.boolean(),
    metadata: z.boolean(),
    // 0.202 requires these; Quire stores none of them (its defaults: no cover mask, everything visible).
    coverMask: z.enum(["none", "radial"]),
    tags: z.boolean(),
    actions: z.boolean(),
    anchors: z.boolean(),
  })
  .openapi("RevisionPageLayoutOptions");
export type PageLayout = z.infer<typeof PageLayoutSchema>;

/** A page's tag (0.202 RevisionPageTag): Quire has no page tags, so a page's `tags` is always empty. */
export const RevisionPageTagSchema = z
  .object({
    tag: z.object({ kind: z.literal("tag"), tag: z.string(), space: z.string().optional() }),
    primary: z.boolean().optional(),
  })
  .openapi("RevisionPageTag");

// Defined in ./document (change requests' descriptions use it too); named here for the page routes that import it.
export { JSONDocumentSchema };

/** A computed source as served (ComputedContentSourceRevision / ComputedContentSourceDocument). */
const ComputedSourceSchema = z
  .object({
    type: z.string(),
    props: z.record(z.string(), z.unknown()).optional(),
    dependencies: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi("ComputedContentSource");

/** A heading of a page body rendered with `format=html` (Quire's own). */
const PageOutlineEntrySchema = z
  .object({ id: z.string(), text: z.string(), depth: z.number().int() })
  .openapi("QuirePageOutlineEntry");

// The reference's RevisionPage union, by `type`. A page's body comes as `markdown` or `document` only on a
// single-page read. Children (`pages`) are documents, links or computed pages: groups only at the top level.
export const RevisionPageDocumentSchema = z
  .object({
    ...PageBase,
    kind: z.literal("sheet"),
    type: z.literal("document"),
    urls: z.object({ app: z.string() }),
    slug: z.string(),
    path: z.string(),
    description: z.string().optional(),
    get pages(): z.ZodArray<z.ZodType<unknown>> {
      return z.array(ChildPageSchema);
    },
    layout: PageLayoutSchema,
    tags: z.array(RevisionPageTagSchema),
    ...PageVisibility,
    documentId: z.string().optional(),
    computed: ComputedSourceSchema.optional(),
    computedSeed: z.string().optional(),
    markdown: z.string().optional(),
    document: JSONDocumentSchema.optional(),
    condition: z.string().optional(),
    html: z.string().optional().openapi({
      description: "Quire extension (`format=html`): the body as the published site renders it, sanitized.",
    }),
    outline: z.array(PageOutlineEntrySchema).optional().openapi({
      description: "Quire extension (`format=html`): the body's headings (levels 1 to 3) with their anchors.",
    }),
  })
  .openapi("RevisionPageDocument");

export const RevisionPageGroupSchema = z
  .object({
    ...PageBase,
    kind: z.literal("group"),
    type: z.literal("group"),
    slug: z.string(),
    path: z.string(),
    ...PageVisibility,
    get pages(): z.ZodArray<z.ZodType<unknown>> {
      return z.array(ChildPageSchema);
    },
  })
  .openapi("RevisionPageGroup");

const RevisionPageLinkSchema = z
  .object({
    ...PageBase,
    kind: z.literal("link"),
    type: z.literal("link"),
    target: ContentRefSchema,
    href: z.string().optional(),
    hidden: z.boolean().optional(),
  })
  .openapi("RevisionPageLink");

/** A computed page read with `computed=false` (with `computed=true` it reads as the pages it generates). */
const RevisionPageComputedSchema = z
  .object({ ...PageBase, type: z.literal("computed"), computed: ComputedSourceSchema })
  .openapi("RevisionPageComputed");

const ChildPageSchema = z.discriminatedUnion("type", [
  RevisionPageDocumentSchema,
  RevisionPageLinkSchema,
  RevisionPageComputedSchema,
]);

export const RevisionPageSchema = z
  .discriminatedUnion("type", [
    RevisionPageDocumentSchema,
    RevisionPageGroupSchema,
    RevisionPageLinkSchema,
    RevisionPageComputedSchema,
  ])
  .openapi("RevisionPage");
export type RevisionPage = z.infer<typeof RevisionPageSchema>;
export type RevisionPageDocument = z.infer<typeof RevisionPageDocumentSchema>;
export type RevisionPageGroup = z.infer<typeof RevisionPageGroupSchema>;

export const RevisionFileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    contentType: z.string(),
    downloadURL: z.string(),
    size: z.number(),
    dimensions: z.object({ width: z.number(), height: z.number() }).optional(),
  })
  .openapi("RevisionFile");
export type RevisionFile = z.infer<typeof RevisionFileSchema>;

/** A revision's tag (0.202 RevisionTag): Quire has no tags, so a revision's `tags` is always empty. */
const RevisionTagSchema = z
  .object({
    slug: z.string(),
    label: z.string(),
    color: z.string(),
    emoji: z.string().optional(),
    icon: z.string().optional(),
  })
  .openapi("RevisionTag");

export const RevisionSchema = z
  .object({
    object: z.literal("revision"),
    id: z.string(),
    parents: z.array(z.string()),
    type: z.enum(["edits", "merge", "rollback", "update", "computed"]),
    mergedFrom: ChangeRequestSchema.optional(),
    pages: z.array(RevisionPageSchema),
    files: z.array(RevisionFileSchema),
    reusableContents: z.array(z.object({ id: z.string(), title: z.string(), document: z.string().optional() })),
    tags: z.array(RevisionTagSchema),
    variables: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
    git: z
      .object({
        oid: z.string(),
        message: z.string(),
        createdByGitBook: z.boolean(),
        url: z.string().optional(),
        ref: z.string().optional(),
      })
      .optional()
      .openapi("GitSyncCommit"),
    urls: z.object({ app: z.string() }),
  })
  .openapi("Revision");
export type Revision = z.infer<typeof RevisionSchema>;

export const PagesSchema = z.object({ pages: z.array(RevisionPageSchema) });
export type RevisionPages = z.infer<typeof PagesSchema>;
export const FileList = listEnvelope(RevisionFileSchema, "RevisionFileList");
export type RevisionFileList = z.infer<typeof FileList>;
export const ReusableContentSchema = z
  .object({ id: z.string(), title: z.string(), document: z.string().optional() })
  .openapi("RevisionReusableContent");
const ChangedPageSchema = z
  .object({
    id: z.string(),
    type: z.enum(["document", "group", "link", "computed"]),
    title: z.string(),
    path: z.string().optional(),
  })
  .openapi("ChangedRevisionPage");
const ChangedFileSchema = z
  .object({ id: z.string(), name: z.string(), contentType: z.string(), downloadURL: z.string() })
  .openapi("ChangedRevisionFile");
const ChangedReusableContentSchema = z
  .object({ id: z.string(), title: z.string(), document: z.string().optional() })
  .openapi("ChangedRevisionReusableContent");
// Each changed attribute's before and after, as the page, file or variable held them (the reference types every
// attribute by name; these are checked only as before/after pairs).
const ChangeAttributes = z.record(
  z.string(),
  z.object({ before: z.unknown().optional(), after: z.unknown().optional() }),
);

/** A changed page's markdown on each side, with `content=markdown` only (Quire's own). */
const ChangeMarkdown = z
  .object({ before: z.string().optional(), after: z.string().optional() })
  .optional()
  .openapi({
    description:
      "Quire extension (`content=markdown`): the page's markdown before (absent for a created page) and after " +
      "(absent for a deleted page).",
  });

export const SemanticChangeSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("page_created"), page: ChangedPageSchema, markdown: ChangeMarkdown }),
    z.object({
      type: z.literal("page_edited"),
      page: ChangedPageSchema,
      attributes: ChangeAttributes,
      markdown: ChangeMarkdown,
    }),
    z.object({ type: z.literal("page_deleted"), page: ChangedPageSchema, markdown: ChangeMarkdown }),
    z.object({
      type: z.literal("page_moved"),
      page: ChangedPageSchema,
      parent: z.object({ before: ChangedPageSchema.optional(), after: ChangedPageSchema.optional() }),
    }),
    z.object({ type: z.literal("file_created"), file: ChangedFileSchema }),
    z.object({ type: z.literal("file_edited"), file: ChangedFileSchema, attributes: ChangeAttributes }),
    z.object({ type: z.literal("file_deleted"), file: ChangedFileSchema }),
    z.object({ type: z.literal("variables_edited"), variables: ChangeAttributes }),
    z.object({ type: z.literal("reusable_content_created"), reusableContent: ChangedReusableContentSchema }),
    z.object({
      type: z.literal("reusable_content_edited"),
      reusableContent: ChangedReusableContentSchema,
      attributes: ChangeAttributes,
    }),
    z.object({ type: z.literal("reusable_content_deleted"), reusableContent: ChangedReusableContentSchema }),
  ])
  .openapi("RevisionSemanticChange");

export const SemanticChangesSchema = z
  .object({
    mergedFrom: ChangeRequestSchema.optional(),
    changes: z.array(SemanticChangeSchema),
    more: z.number().optional(),
  })
  .openapi("RevisionSemanticChanges");
