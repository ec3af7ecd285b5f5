import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { generateUploadURL, UPLOAD_URL_SECONDS } from "../../services/storage";
import { OrganizationParams } from "../../wire/params";
import { StorageFileMetadataSchema, StorageUploadKindSchema, StorageUploadURLSchema } from "../../wire/storage";

const GenerateStorageUploadBody = z
  .object({ file: StorageFileMetadataSchema, kind: StorageUploadKindSchema })
  .openapi("GenerateStorageUploadURLRequest");

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/storage/upload",
  operationId: "generateStorageUploadURL",
  tags: ["storage"],
  summary: "Create a signed URL to upload a file",
  description:
    `A one-time URL on this API, valid ${UPLOAD_URL_SECONDS / 60} minutes: PUT the file's bytes to it (no ` +
    "Authorization header; at most `file.size` bytes, 413 past it; 409 once used). `key` then names the file: " +
    "a custom font's `storageKey`. Fonts and organization files: admins; import files: `create` and up.",
  request: {
    params: OrganizationParams,
    body: { required: true, content: { "application/json": { schema: GenerateStorageUploadBody } } },
  },
  responses: { 201: json(StorageUploadURLSchema, "Successfully generated signed URL for file upload") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const signed = await generateUploadURL(ctx, c.req.valid("param").organizationId, c.req.valid("json"));
  return c.json({ object: "storage-signed-url" as const, ...signed }, 201);
};
