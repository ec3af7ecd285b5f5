import { z } from "@hono/zod-openapi";
import { URLSchema } from "./common";

// Fonts: the site customization's font definitions (styling.font, styling.monospaceFont) and the custom fonts
// of an organization (listCustomFonts, …), the reference's CustomizationFontDefinition(Input).

export const FontFamilySchema = z.string().min(1).max(50).openapi("FontFamily");
export const FontWeightSchema = z.number().int().min(1).max(1000).openapi("FontWeight");
export const StorageFileKeySchema = z.string().min(1).max(512).openapi("StorageFileKey");

export const CustomizationFontDefinitionInput = z
  .object({
    id: z.string().min(1).max(256),
    custom: z.boolean(),
    fontFamily: FontFamilySchema,
    fontFaces: z
      .array(
        z.object({
          weight: FontWeightSchema,
          sources: z
            .array(z.object({ url: URLSchema, format: z.enum(["woff2", "woff"]).optional() }).openapi("FontSource"))
            .min(1),
        }),
      )
      .min(1),
  })
  .openapi("CustomizationFontDefinitionInput");

export const CustomizationFontDefinition = CustomizationFontDefinitionInput.extend({
  permissions: z.object({ edit: z.boolean() }),
}).openapi("CustomizationFontDefinition");
export type CustomizationFontDefinition = z.infer<typeof CustomizationFontDefinition>;

export const CustomFontList = z
  .object({ items: z.array(CustomizationFontDefinition), count: z.number().int() })
  .openapi("CustomFontList");

/** At most one face per weight, and a bounded number of them. */
const distinctWeights = (faces: { weight: number }[]) => new Set(faces.map((f) => f.weight)).size === faces.length;
const MAX_FACES = 20;

export const CreateCustomFontBody = z
  .object({
    fontFamily: FontFamilySchema,
    fontFaces: z
      .array(z.object({ weight: FontWeightSchema, storageKey: StorageFileKeySchema }))
      .min(1)
      .max(MAX_FACES)
      .refine(distinctWeights, "must not list a weight twice"),
  })
  .openapi("CreateCustomFontRequest");

export const UpdateCustomFontBody = z
  .object({
    fontFamily: FontFamilySchema.optional(),
    fontFaces: z
      .array(z.object({ weight: FontWeightSchema, storageKey: StorageFileKeySchema.nullable() }))
      .max(MAX_FACES)
      .refine(distinctWeights, "must not list a weight twice")
      .optional(),
  })
  .openapi("UpdateCustomFontRequest");

export type CreateCustomFontRequest = z.infer<typeof CreateCustomFontBody>;
export type UpdateCustomFontRequest = z.infer<typeof UpdateCustomFontBody>;
