import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const TRANSLATION_STATUSES = ["pending", "running", "completed"] as const;

/** The reference's language codes: a space's `language` and the TranslationLanguage enum. */
export const CONTENT_LANGUAGES = [
  "en",
  "fr",
  "de",
  "es",
  "it",
  "pt",
  "pt-br",
  "ru",
  "ja",
  "zh",
  "yue",
  "ko",
  "ar",
  "hi",
  "nl",
  "pl",
  "tr",
  "sv",
  "no",
  "da",
  "fi",
  "el",
  "cs",
  "hu",
  "ro",
  "th",
  "vi",
  "id",
  "ms",
  "he",
  "uk",
  "sk",
  "bg",
  "hr",
  "lt",
  "lv",
  "et",
  "sl",
] as const;

/**
 * A translation of a space into another language. Its runs (jobs) write the source's current content, translated,
 * as one revision of the result space (created by the first run). `runJobId` names the job of the run queued or
 * running (null when none): a run is never queued twice. Stats are kept as the API shows them (durations in ms).
 */
export const translations = sqliteTable(
  "translations",
  {
    id: text().primaryKey(),
    organizationId: text().notNull(),
    sourceSpaceId: text().notNull(),
    sourceLanguage: text({ enum: CONTENT_LANGUAGES }).notNull(),
    language: text({ enum: CONTENT_LANGUAGES }).notNull(),
    /** The instructions document, as markdown. */
    instructions: text().notNull().default(""),
    status: text({ enum: TRANSLATION_STATUSES }).notNull().default("pending"),
    resultSpaceId: text(),
    resultRevisionId: text(),
    runJobId: text(),
    /** When the current run was first claimed (its continuations keep it). */
    runStartedAt: integer(),
    /** Who asked for the current run: the result revision's author. */
    runRequestedBy: text(),
    runs: integer().notNull().default(0),
    totalWords: integer().notNull().default(0),
    totalPages: integer().notNull().default(0),
    totalDuration: integer().notNull().default(0),
    latestRunDuration: integer().notNull().default(0),
    latestPages: integer().notNull().default(0),
    latestWords: integer().notNull().default(0),
    /** Why the last run failed (null once a run completes). */
    lastRunError: text(),
    createdBy: text(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [index("translations_org_order").on(t.organizationId, t.createdAt, t.id)],
);

/**
 * What a translation last translated of each source page (or reusable content, `reusable:<id>`): `sourceKey`
 * fingerprints the source (title, description, body hash, glossary), so a re-run translates only what changed.
 * The translated body is a blob of `resultSpaceId`. `pending`: translated since the last completed run (the
 * next completed run counts it in its stats). Rows stay when the page goes: `totalPages` counts pages ever
 * translated.
 */
export const translationItems = sqliteTable(
  "translation_items",
  {
    translationId: text().notNull(),
    itemId: text().notNull(),
    sourceKey: text().notNull(),
    resultSpaceId: text().notNull(),
    title: text().notNull(),
    description: text(),
    bodyHash: text(),
    words: integer().notNull().default(0),
    pending: integer({ mode: "boolean" }).notNull().default(true),
    translatedAt: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.translationId, t.itemId] })],
);

/** An organization's glossary entry: one term per language (`{en: "space", fr: "espace"}`). */
export const glossaryEntries = sqliteTable(
  "glossary_entries",
  {
    id: text().primaryKey(),
    organizationId: text().notNull(),
    translations: text({ mode: "json" }).$type<Record<string, string>>().notNull(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [index("glossary_entries_org_order").on(t.organizationId, t.createdAt, t.id)],
);
