import { z } from "@hono/zod-openapi";
import { CONTENT_LANGUAGES } from "../db/schema";
import { TemplateContentRefSchema } from "./content-ref";
import { MemberRoleOrGuestSchema, TimestampSchema, listEnvelope } from "./common";

export const DefaultLevelSchema = z.union([MemberRoleOrGuestSchema, z.literal("inherit")]).openapi("DefaultLevel");
export const EmojiSchema = z
  .string()
  .min(1)
  .max(50)
  .openapi("Emoji", { description: "Unicode codepoint or character of the emoji", example: "🎉" });
export const LanguageSchema = z.enum(CONTENT_LANGUAGES);
export const EditModeSchema = z.enum(["live", "locked"]);
export const SpacePointerSchema = z
  .object({ type: z.literal("space"), space: z.string().min(1) })
  .openapi("SpacePointer");
export const CollectionPointerSchema = z
  .object({ type: z.literal("collection"), collection: z.string().min(1) })
  .openapi("CollectionPointer");
const PointerSchema = z.discriminatedUnion("type", [SpacePointerSchema, CollectionPointerSchema]);
export const ContentPositionSchema = z
  .object({ before: PointerSchema.optional(), after: PointerSchema.optional() })
  .openapi("ContentPosition");

/** Body of moveSpace and moveCollection. */
export const MoveBody = z.object({
  parent: z.string().min(1).nullable().optional(),
  position: ContentPositionSchema.optional(),
});
/** Body of transferSpace and transferCollection. */
export const TransferBody = z.object({ organization: z.string().min(1) });

export const SpaceSchema = z
  .object({
    object: z.literal("space"),
    id: z.string(),
    title: z.string(),
    emoji: z.string(),
    visibility: z.enum(["public", "unlisted", "share-link", "visitor-auth", "in-collection", "private"]),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
    deletedAt: TimestampSchema.optional(),
    editMode: EditModeSchema.optional(),
    urls: z.object({
      location: z.string(),
      app: z.string(),
      published: z.string().optional(),
      public: z.string().optional(),
      icon: z.string().optional(),
    }),
    organization: z.string(),
    parent: z.string().optional(),
    language: LanguageSchema.optional(),
    revision: z.string(),
    defaultLevel: DefaultLevelSchema,
    comments: z.number().int(),
    changeRequests: z.number().int(),
    changeRequestsOpen: z.number().int(),
    changeRequestsDraft: z.number().int(),
    mergeRules: z.object({ type: z.literal("none") }).openapi({
      description: "0.202's merge rules: `none`, Quire enforces no review before a change request is merged.",
    }),
    permissions: z.object({
      view: z.boolean(),
      access: z.boolean(),
      admin: z.boolean(),
      viewInviteLinks: z.boolean(),
      edit: z.boolean(),
      triggerGitSync: z.boolean(),
      comment: z.boolean(),
      merge: z.boolean(),
      review: z.boolean(),
      installIntegration: z.boolean(),
    }),
  })
  .openapi("Space");
export type Space = z.infer<typeof SpaceSchema>;

export const SpaceList = listEnvelope(SpaceSchema, "SpaceList");

export const ApplySpaceTemplateSchema = z
  .object({
    id: z.string().min(1).max(100).openapi({ description: "The ID of the template to use for the space" }),
    params: z
      .object({ contentRefs: z.record(z.string().max(100), TemplateContentRefSchema).optional() })
      .openapi("SpaceTemplateParams", { description: "Parameters for a space template" })
      .optional(),
  })
  .openapi("ApplySpaceTemplate");

export const SpaceTitleSchema = z.string().max(50).openapi("SpaceTitle");

export const CreateSpaceBody = z
  .object({
    title: SpaceTitleSchema.optional(),
    emoji: EmojiSchema.optional(),
    parent: z.string().min(1).optional(),
    language: LanguageSchema.optional(),
    editMode: EditModeSchema.optional(),
    template: ApplySpaceTemplateSchema.optional(),
  })
  .openapi("CreateSpace");
export type CreateSpace = z.infer<typeof CreateSpaceBody>;

export const UpdateSpaceBody = z
  .object({
    editMode: EditModeSchema.optional(),
    title: SpaceTitleSchema.optional(),
    defaultLevel: DefaultLevelSchema.optional(),
    language: LanguageSchema.optional(),
    emoji: EmojiSchema.nullable().optional(),
    icon: z.url().max(2048).nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.emoji && body.icon)
      ctx.addIssue({ code: "custom", path: ["icon"], message: "give either an emoji or an icon, not both" });
  })
  .openapi("UpdateSpace");
export type UpdateSpace = z.infer<typeof UpdateSpaceBody>;
