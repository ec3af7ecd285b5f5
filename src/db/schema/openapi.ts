import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const OPENAPI_PROCESSING_STATES = ["pending", "progress", "complete"] as const;
export const OPENAPI_ERROR_CODES = ["FETCH_TIMEOUT", "FETCH_ERROR", "PARSE_ERROR"] as const;

/**
 * An organization's OpenAPI specification, addressed by a slug unique in the organization. The processing
 * fields mirror its latest version (`lastVersionId`); `sourceUrl` is that version's URL when it came from one.
 */
export const openapiSpecs = sqliteTable(
  "openapi_specs",
  {
    id: text().primaryKey(),
    organizationId: text().notNull(),
    slug: text().notNull(),
    visibility: text({ enum: ["private", "public"] })
      .notNull()
      .default("private"),
    sourceUrl: text(),
    processingState: text({ enum: OPENAPI_PROCESSING_STATES }).notNull().default("pending"),
    lastVersionId: text(),
    lastProcessedAt: integer(),
    lastProcessErrorCode: text({ enum: OPENAPI_ERROR_CODES }),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [uniqueIndex("openapi_specs_org_slug").on(t.organizationId, t.slug)],
);

/**
 * One submitted version of a spec. `number` increases per spec (newest first = highest number). The text lives
 * in R2 at `storageKey` (written at once for `text` sources, by the processing job for `url` sources); it is
 * served only once processing completed without an error.
 */
export const openapiSpecVersions = sqliteTable(
  "openapi_spec_versions",
  {
    id: text().primaryKey(),
    specId: text().notNull(),
    organizationId: text().notNull(),
    number: integer().notNull(),
    sourceUrl: text(),
    storageKey: text().notNull(),
    format: text({ enum: ["json", "yaml"] }),
    sha256: text(),
    processingState: text({ enum: OPENAPI_PROCESSING_STATES }).notNull().default("pending"),
    processErrorCode: text({ enum: OPENAPI_ERROR_CODES }),
    processedAt: integer(),
    createdAt: integer().notNull(),
  },
  (t) => [
    uniqueIndex("openapi_spec_versions_spec_number").on(t.specId, t.number),
    index("openapi_spec_versions_org").on(t.organizationId),
  ],
);
