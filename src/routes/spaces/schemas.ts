import { z } from "@hono/zod-openapi";
import {
  ApplySpaceTemplateSchema,
  DefaultLevelSchema,
  EditModeSchema,
  EmojiSchema,
  LanguageSchema,
} from "../../wire/space";

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
