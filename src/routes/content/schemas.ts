import { z } from "@hono/zod-openapi";
import { queryBoolean, UserSchema, listEnvelope } from "../schemas";

export const SpaceParams = z.object({ spaceId: z.string() });
export const ChangeRequestParams = z.object({ spaceId: z.string(), changeRequestId: z.string() });
export const RevisionParams = z.object({ spaceId: z.string(), revisionId: z.string() });

/** `metadata` and `computed` as the reference gives them (Quire stores no Git metadata and no computed content yet). */
export const ContentQuery = z.object({ metadata: queryBoolean(true), computed: queryBoolean(true) });
export const PageQuery = ContentQuery.extend({
  format: z.enum(["document", "markdown"]).optional(),
  evaluated: queryBoolean(false),
});

const PageBase = {
  id: z.string(),
  title: z.string(),
  emoji: z.string().optional(),
  icon: z.string().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  kind: z.string(),
  type: z.enum(["document", "group", "link", "computed"]),
};

export const RevisionPageSchema = z
  .object({
    ...PageBase,
    slug: z.string().optional(),
    path: z.string().optional(),
    description: z.string().optional(),
    urls: z.object({ app: z.string() }).optional(),
    pages: z.array(z.any()).optional(),
    layout: z.record(z.string(), z.any()).optional(),
    hidden: z.boolean().optional(),
    noIndex: z.boolean().optional(),
    noRobotsIndex: z.boolean().optional(),
    documentId: z.string().optional(),
    markdown: z.string().optional(),
    document: z.any().optional(),
    target: z.any().optional(),
    href: z.string().optional(),
    condition: z.string().optional(),
  })
  .openapi("RevisionPage");

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

export const ChangeRequestSchema = z
  .object({
    object: z.literal("change-request"),
    id: z.string(),
    number: z.number(),
    status: z.enum(["draft", "open", "archived", "merged"]),
    subject: z.string(),
    createdBy: UserSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
    revision: z.string(),
    revisionInitial: z.string(),
    revisionMergedAncestor: z.string().optional(),
    revisionMerged: z.string().optional(),
    comments: z.number(),
    outdated: z.boolean(),
    urls: z.object({ app: z.string(), location: z.string() }),
  })
  .openapi("ChangeRequest");

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
    variables: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
    urls: z.object({ app: z.string() }),
  })
  .openapi("Revision");

export const PagesSchema = z.object({ pages: z.array(RevisionPageSchema) });
export const FileList = listEnvelope(RevisionFileSchema, "RevisionFileList");
export const ReusableContentSchema = z
  .object({ id: z.string(), title: z.string(), document: z.string().optional() })
  .openapi("RevisionReusableContent");
export const JSONDocumentSchema = z
  .object({ object: z.literal("document"), data: z.record(z.string(), z.unknown()), nodes: z.array(z.any()) })
  .openapi("JSONDocument");
export const SemanticChangesSchema = z
  .object({ changes: z.array(z.record(z.string(), z.unknown())), more: z.number().optional() })
  .openapi("RevisionSemanticChanges");
export const ChangesQuery = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(10) });
