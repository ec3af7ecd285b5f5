import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export type StorageUploadKind = "customization_font" | "import_file" | "organization_file";

/**
 * A signed upload URL (generateStorageUploadURL): used once (`uploaded_at` set), then the row maps the storage
 * key it returned (`orgs/<org>/uploads/<id>`) to the bytes' SHA-256 in R2.
 */
export const storageUploads = sqliteTable(
  "storage_uploads",
  {
    id: text().primaryKey(),
    organizationId: text().notNull(),
    kind: text().$type<StorageUploadKind>().notNull(),
    name: text().notNull(),
    contentType: text().notNull(),
    maxSize: integer().notNull(),
    createdBy: text(),
    createdAt: integer().notNull(),
    expiresAt: integer().notNull(),
    uploadedAt: integer(),
    size: integer(),
    hash: text(),
  },
  (t) => [
    index("storage_uploads_org_hash").on(t.organizationId, t.hash),
    index("storage_uploads_org_expiry").on(t.organizationId, t.expiresAt),
  ],
);

/** An organization's custom font (createCustomFont); its files are its faces'. */
export const customFonts = sqliteTable(
  "custom_fonts",
  {
    id: text().primaryKey(),
    organizationId: text().notNull(),
    fontFamily: text().notNull(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [index("custom_fonts_org").on(t.organizationId, t.createdAt, t.id)],
);

/** One weight of a custom font: its file in R2 under `orgs/<org>/fonts/<hash>`. */
export const customFontFaces = sqliteTable(
  "custom_font_faces",
  {
    fontId: text().notNull(),
    organizationId: text().notNull(),
    weight: integer().notNull(),
    hash: text().notNull(),
    format: text().$type<FontFileFormat>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fontId, t.weight] }),
    index("custom_font_faces_org_hash").on(t.organizationId, t.hash),
  ],
);

export type FontFileFormat = "woff2" | "woff" | "truetype" | "opentype";
