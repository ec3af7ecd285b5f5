import { z } from "@hono/zod-openapi";
import { URLSchema } from "./common";

export const StorageUploadKindSchema = z
  .enum(["customization_font", "import_file", "organization_file"])
  .openapi("StorageUploadKind");

export const StorageFileMetadataSchema = z
  .object({
    name: z.string().min(1).max(1024),
    type: z.string().max(255),
    size: z.number().int().min(1),
  })
  .openapi("StorageFileMetadata");

export const StorageUploadURLSchema = z
  .object({ object: z.literal("storage-signed-url"), url: URLSchema, key: z.string() })
  .openapi("StorageUploadURL");
