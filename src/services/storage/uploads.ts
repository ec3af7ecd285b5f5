// Signed one-time upload URLs (generateStorageUploadURL) and the upload they authorize. The URL is this API's
// own (`PUT /v1/orgs/{org}/storage/upload/{uploadId}?expires&signature`), signed with the deployment's signing
// secret; its row in `storage_uploads` makes it single-use and, once used, maps the storage key it returned to
// the bytes' SHA-256. The bytes go to R2 content-addressed per organization and kind.
import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import { batch } from "../../db/batch";
import type { Db } from "../../db/client";
import { type StorageUploadKind, storageUploads } from "../../db/schema";
import type { Env } from "../../env";
import { sha256HexOfBytes } from "../../lib/crypto";
import { ApiError, badRequest, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { authorize, organizationAccess, signingSecret } from "../access";
import type { ServiceContext } from "../core";
import { fontFormat } from "./font-files";
import { base64url, hmacFromBase64url } from "../../lib/base64url";

export const UPLOAD_URL_SECONDS = 3600;
const MIB = 1024 * 1024;
const DEFAULT_MAX_BODY = 10 * MIB;
/** Largest file per kind (never more than the deployment's request body limit, MAX_BODY_BYTES). */
const KIND_MAX_BYTES: Record<StorageUploadKind, number> = {
  customization_font: 5 * MIB,
  import_file: 10 * MIB,
  organization_file: 10 * MIB,
};
/** Where each kind's bytes live in R2, under `orgs/<org>/`. */
const KIND_DIR: Record<StorageUploadKind, string> = {
  customization_font: "fonts",
  import_file: "imports",
  organization_file: "files",
};

export const uploadLimit = (env: Pick<Env, "MAX_BODY_BYTES">, kind: StorageUploadKind) =>
  Math.min(KIND_MAX_BYTES[kind], Number(env.MAX_BODY_BYTES) || DEFAULT_MAX_BODY);

/** The R2 key of an organization's uploaded bytes of a kind. */
export const storedFileKey = (organizationId: string, kind: StorageUploadKind, hash: string) =>
  `orgs/${organizationId}/${KIND_DIR[kind]}/${hash}`;

/** The storage key generateStorageUploadURL returns (what createCustomFont's `storageKey` takes). */
export const uploadStorageKey = (organizationId: string, uploadId: string) =>
  `orgs/${organizationId}/uploads/${uploadId}`;

/** The upload id of a storage key of this organization, or undefined. */
export function uploadIdOfKey(organizationId: string, key: string): string | undefined {
  const m = /^orgs\/([^/]+)\/uploads\/([A-Za-z0-9]{1,64})$/.exec(key);
  return m && m[1] === organizationId ? m[2] : undefined;
}

async function hmacKey(ctx: { db: Db; env: Env }) {
  const secret = new TextEncoder().encode(await signingSecret(ctx));
  return crypto.subtle.importKey("raw", secret, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

const payload = (organizationId: string, uploadId: string, expires: string) =>
  new TextEncoder().encode(["quire-upload-v1", organizationId, uploadId, expires].join("\n"));

export interface UploadRequest {
  kind: StorageUploadKind;
  file: { name: string; type: string; size: number };
}

/**
 * generateStorageUploadURL: fonts and organization files are the admins' to upload, import files any member's who
 * may create content. The declared size is the upload's limit (400 past the kind's). Expired unused URLs of the
 * organization are dropped in the same batch.
 */
export async function generateUploadURL(ctx: ServiceContext, organizationId: string, input: UploadRequest) {
  const action = input.kind === "import_file" ? "organization.createContent" : "organization.admin";
  authorize(organizationAccess(ctx.caller, organizationId), action, "Organization");
  const limit = uploadLimit(ctx.env, input.kind);
  if (input.file.size > limit) {
    throw badRequest(`body.file.size: ${input.file.size} bytes is over the ${limit}-byte limit for ${input.kind}`);
  }
  const id = newId();
  const expiresAt = ctx.now + UPLOAD_URL_SECONDS * 1000;
  await batch(ctx.db, [
    ctx.db
      .delete(storageUploads)
      .where(
        and(
          eq(storageUploads.organizationId, organizationId),
          lt(storageUploads.expiresAt, ctx.now),
          isNull(storageUploads.uploadedAt),
        ),
      ),
    ctx.db.insert(storageUploads).values({
      id,
      organizationId,
      kind: input.kind,
      name: input.file.name,
      contentType: input.file.type,
      maxSize: input.file.size,
      createdBy: ctx.caller.kind === "user" ? ctx.caller.userId : null,
      createdAt: ctx.now,
      expiresAt,
    }),
  ]);
  const expires = String(Math.floor(expiresAt / 1000));
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(ctx), payload(organizationId, id, expires));
  const url = new URL(`/v1/orgs/${encodeURIComponent(organizationId)}/storage/upload/${id}`, ctx.urls.api);
  url.searchParams.set("expires", expires);
  url.searchParams.set("signature", base64url(signature));
  return { url: url.toString(), key: uploadStorageKey(organizationId, id) };
}

export interface ReceivedUpload {
  organizationId: string;
  uploadId: string;
  expires: string;
  signature: string;
  body: ReadableStream<Uint8Array> | null;
  contentLength?: string;
}

/** Reads a body, 413 as soon as it passes `limit` bytes (whatever Content-Length claimed). */
async function readAtMost(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new ApiError(413, `The file is larger than the ${limit} bytes this upload URL allows`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * The upload a signed URL allows: 403 for a bad signature or an expired URL, 404 for an unknown one, 409 once
 * used, 413 past its size, 400 for an empty body (or, for a font, bytes that are no font). The bytes are stored
 * before the URL is claimed, so a claimed upload always has its bytes; of two racing uploads one wins.
 */
export async function receiveUpload(ctx: { db: Db; env: Env; now: number }, input: ReceivedUpload) {
  const signature = hmacFromBase64url(input.signature);
  const valid =
    signature &&
    /^\d{1,12}$/.test(input.expires) &&
    (await crypto.subtle.verify(
      "HMAC",
      await hmacKey(ctx),
      signature,
      payload(input.organizationId, input.uploadId, input.expires),
    ));
  if (!valid) throw new ApiError(403, "The upload URL's signature is not valid");
  if (Number(input.expires) * 1000 <= ctx.now) throw new ApiError(403, "The upload URL has expired");
  const [row] = await ctx.db
    .select()
    .from(storageUploads)
    .where(and(eq(storageUploads.id, input.uploadId), eq(storageUploads.organizationId, input.organizationId)))
    .limit(1);
  if (!row) throw notFound("Upload");
  if (row.uploadedAt !== null) throw conflict("This upload URL was already used");
  const declared = Number(input.contentLength);
  if (Number.isFinite(declared) && declared > row.maxSize) {
    throw new ApiError(413, `The file is larger than the ${row.maxSize} bytes this upload URL allows`);
  }
  const bytes = await readAtMost(input.body, row.maxSize);
  if (bytes.byteLength === 0) throw badRequest("body: the file is empty");
  let contentType = row.contentType || "application/octet-stream";
  if (row.kind === "customization_font") {
    const format = fontFormat(bytes);
    if (!format) throw badRequest("body: not a font file (WOFF2, WOFF, TrueType or OpenType)");
    contentType = format.contentType;
  }
  const hash = await sha256HexOfBytes(bytes);
  const key = storedFileKey(row.organizationId, row.kind, hash);
  if (!(await ctx.env.STORAGE.head(key))) {
    await ctx.env.STORAGE.put(key, bytes, { httpMetadata: { contentType }, sha256: hash });
  }
  const claimed = await ctx.db
    .update(storageUploads)
    .set({ uploadedAt: ctx.now, size: bytes.byteLength, hash })
    .where(and(eq(storageUploads.id, row.id), isNull(storageUploads.uploadedAt)))
    .returning({ id: storageUploads.id });
  if (!claimed.length) throw conflict("This upload URL was already used");
}

/** A used upload of this organization by its storage key (createCustomFont's file source), or undefined. */
export async function uploadedFiles(db: Db, organizationId: string, keys: string[]) {
  const ids = [...new Set(keys.map((key) => uploadIdOfKey(organizationId, key)).filter((id) => id !== undefined))];
  if (!ids.length) return new Map<string, typeof storageUploads.$inferSelect>();
  const rows = await db
    .select()
    .from(storageUploads)
    .where(and(eq(storageUploads.organizationId, organizationId), inArray(storageUploads.id, ids)));
  return new Map(rows.filter((r) => r.hash !== null).map((r) => [uploadStorageKey(organizationId, r.id), r]));
}
