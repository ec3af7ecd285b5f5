import { z } from "@hono/zod-openapi";
import { FontFamilySchema, FontWeightSchema, StorageFileKeySchema } from "../../wire/font";
import { OrganizationParams } from "../../wire/params";

export const FontParams = OrganizationParams.extend({ fontId: z.string().min(1).max(64) });

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
