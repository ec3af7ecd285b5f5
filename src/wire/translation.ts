import { z } from "@hono/zod-openapi";
import { TRANSLATION_LANGUAGES } from "../services/translations";
import { listEnvelope, TimestampSchema } from "./common";
import { JSONDocumentSchema } from "./revision";

export const TranslationLanguageSchema = z.enum(TRANSLATION_LANGUAGES).openapi("TranslationLanguage");

export const MAX_INSTRUCTIONS = 20_000;

/** The reference's JSONDocument, or (the contract's leniency) a plain markdown string. */
export const InstructionsInput = z
  .union([
    z.string().max(MAX_INSTRUCTIONS).describe("Markdown"),
    z.object({
      object: z.literal("document"),
      data: z.record(z.string(), z.unknown()),
      nodes: z.array(z.unknown()),
    }),
  ])
  .describe("Instructions for the translator: a JSONDocument, or markdown");

const TranslationSourceSchema = z
  .object({ space: z.string().min(1).max(100), language: TranslationLanguageSchema })
  .openapi("TranslationSource");

export const CreateTranslationBody = z
  .object({
    source: TranslationSourceSchema,
    language: TranslationLanguageSchema,
    instructions: InstructionsInput.optional(),
  })
  .openapi("CreateTranslation");
export type CreateTranslation = z.infer<typeof CreateTranslationBody>;
export const UpdateTranslationBody = z.object({ instructions: InstructionsInput }).openapi("UpdateTranslation");
export type UpdateTranslation = z.infer<typeof UpdateTranslationBody>;

const Count = z.number().int();

export const TranslationSchema = z
  .object({
    object: z.literal("translation"),
    id: z.string(),
    status: z.enum(["pending", "running", "completed"]),
    source: z.object({ space: z.string(), language: TranslationLanguageSchema }),
    language: TranslationLanguageSchema,
    instructions: JSONDocumentSchema,
    result: z.object({ space: z.string(), revision: z.string() }).optional(),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
    stats: z.object({
      runs: Count,
      totalWords: Count,
      totalPages: Count.openapi({ description: "Pages translated at least once, by any run" }),
      totalDuration: Count.openapi({ description: "Milliseconds" }),
      latestRunDuration: Count.openapi({ description: "Milliseconds" }),
      latestPages: Count.openapi({ description: "Pages the last completed run translated (the others were kept)" }),
      latestWords: Count,
    }),
    lastRunError: z.string().optional().openapi({
      description:
        "Quire: why the last run failed (status `completed`, result unchanged), or why the current attempt is being retried (status `pending`)",
    }),
    permissions: z.object({ view: z.boolean(), edit: z.boolean() }),
    urls: z.object({ location: z.string() }),
  })
  .openapi("Translation");
export type Translation = z.infer<typeof TranslationSchema>;

export const TranslationList = listEnvelope(TranslationSchema, "TranslationList");

const GlossaryTerm = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[^\n\r]*$/, "must be a single line");

/** Terms by language; at least one. */
const GlossaryTranslationsInput = z
  .partialRecord(TranslationLanguageSchema, GlossaryTerm)
  .refine((t) => Object.keys(t).length > 0, "must give a term for at least one language")
  .openapi("GlossaryTranslations");

export const UpdateGlossaryBody = z
  .object({
    operations: z
      .array(
        z.discriminatedUnion("type", [
          z.object({ type: z.literal("insert"), translations: GlossaryTranslationsInput }),
          z.object({
            type: z.literal("update"),
            id: z.string().min(1).max(100),
            translations: GlossaryTranslationsInput,
          }),
          z.object({ type: z.literal("delete"), id: z.string().min(1).max(100) }),
        ]),
      )
      .max(1000),
  })
  .openapi("UpdateGlossaryEntries");
export type UpdateGlossaryEntries = z.infer<typeof UpdateGlossaryBody>;

export const GlossaryEntrySchema = z
  .object({
    object: z.literal("glossary-entry"),
    id: z.string(),
    translations: z.record(z.string(), z.string()),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
    urls: z.object({ location: z.string() }),
  })
  .openapi("GlossaryEntry");
export type GlossaryEntry = z.infer<typeof GlossaryEntrySchema>;

export const GlossaryEntryList = listEnvelope(GlossaryEntrySchema, "GlossaryEntryList");
