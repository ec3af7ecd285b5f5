/**
 * Files of a space: content-addressed in R2 under `spaces/<spaceId>/files/<sha256>` (the space purge deletes
 * `spaces/<spaceId>/`), shared by every revision that references the same bytes, and downloaded through
 * signed, expiring URLs served by this Worker (no Authorization header needed).
 */
import type { Env } from "../env";
import { ApiError, badRequest } from "../lib/errors";
import { type Dimensions, imageDimensions } from "./image-size";
import { base64url, hmacFromBase64url } from "../lib/base64url";

export { type Dimensions, imageDimensions } from "./image-size";

/** Largest inline (`base64`) upload: 1 MB. */
export const MAX_BASE64_FILE_BYTES = 1024 * 1024;
/** Longest validity of a download URL (also the ceiling of its Cache-Control). */
export const MAX_DOWNLOAD_URL_SECONDS = 7 * 24 * 3600;
export const DEFAULT_DOWNLOAD_URL_SECONDS = 3600;

export const fileKey = (spaceId: string, hash: string) => `spaces/${spaceId}/files/${hash}`;

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

export interface StoredFile {
  hash: string;
  size: number;
  contentType: string;
  dimensions?: Dimensions;
}

/** Puts the bytes in R2 under their SHA-256 unless an object with that hash is already there. */
export async function storeFile(
  env: Pick<Env, "STORAGE">,
  spaceId: string,
  bytes: Uint8Array,
  contentType: string,
): Promise<StoredFile> {
  const hash = hex(await crypto.subtle.digest("SHA-256", bytes));
  const key = fileKey(spaceId, hash);
  const type = contentType.trim() || "application/octet-stream";
  if (!(await env.STORAGE.head(key))) {
    await env.STORAGE.put(key, bytes, { httpMetadata: { contentType: type }, sha256: hash });
  }
  const dimensions = imageDimensions(bytes, type);
  return dimensions
    ? { hash, size: bytes.length, contentType: type, dimensions }
    : { hash, size: bytes.length, contentType: type };
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < BASE64.length; i++) DECODE[BASE64.charCodeAt(i)] = i;

/**
 * Strict standard base64 (RFC 4648 §4; line breaks allowed, `=` padding optional but never misplaced) → bytes.
 * Invalid input or more than 1 MB of bytes: ApiError 400.
 */
export function decodeBase64File(base64: string): Uint8Array {
  if (typeof base64 !== "string") throw badRequest("base64: must be a string");
  const clean = base64.replace(/[\r\n]/g, "");
  const unpadded = clean.replace(/={1,2}$/, "");
  if (clean.length !== unpadded.length && clean.length % 4 !== 0)
    throw badRequest("base64: is not valid base64 (bad padding)");
  if (unpadded.length % 4 === 1) throw badRequest("base64: is not valid base64 (bad length)");
  const size = Math.floor((unpadded.length * 3) / 4);
  if (size > MAX_BASE64_FILE_BYTES) {
    throw badRequest(
      `base64: the file is ${size} bytes, over the 1 MB limit (${MAX_BASE64_FILE_BYTES} bytes) for inline files; use url`,
    );
  }
  const out = new Uint8Array(size);
  let buffer = 0;
  let bits = 0;
  let at = 0;
  for (let i = 0; i < unpadded.length; i++) {
    const code = unpadded.charCodeAt(i);
    const value = code < 128 ? DECODE[code]! : -1;
    if (value < 0) throw badRequest(`base64: is not valid base64 (unexpected character at ${i})`);
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (buffer >> bits) & 0xff;
    }
  }
  if (bits > 0 && (buffer & ((1 << bits) - 1)) !== 0)
    throw badRequest("base64: is not valid base64 (non-zero trailing bits)");
  return out;
}

export interface DownloadSigner {
  urls: { api: string };
  /** The deployment's signing secret (services/access/signing-secret.ts resolves it). */
  secret: string;
}

export interface DownloadTarget {
  spaceId: string;
  hash: string;
  name: string;
  contentType?: string;
  expiresInSeconds?: number;
  /** Clock (ms) the expiry counts from; defaults to now. */
  now?: number;
}

async function hmacKey(secret: string) {
  return crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
}

const signedPayload = (spaceId: string, hash: string, name: string, type: string, expires: string) =>
  new TextEncoder().encode(["quire-download-v1", spaceId, hash, name, type, expires].join("\n"));

/**
 * An absolute, signed URL of `GET /v1/spaces/{spaceId}/files/{hash}/download`, valid for `expiresInSeconds`
 * (default 1 hour, at most 7 days). The file's `contentType`, when given, is carried (signed) as `type`, since
 * one R2 object may back files of the same bytes uploaded under different types.
 */
export async function signedDownloadURL(ctx: DownloadSigner, target: DownloadTarget): Promise<string> {
  const seconds = Math.min(
    Math.max(1, Math.floor(target.expiresInSeconds ?? DEFAULT_DOWNLOAD_URL_SECONDS)),
    MAX_DOWNLOAD_URL_SECONDS,
  );
  const expires = String(Math.floor((target.now ?? Date.now()) / 1000) + seconds);
  const key = await hmacKey(ctx.secret);
  const type = target.contentType?.trim() ?? "";
  const signature = await crypto.subtle.sign(
    "HMAC",
    key,
    signedPayload(target.spaceId, target.hash, target.name, type, expires),
  );
  const url = new URL(
    `/v1/spaces/${encodeURIComponent(target.spaceId)}/files/${encodeURIComponent(target.hash)}/download`,
    ctx.urls.api,
  );
  url.searchParams.set("name", target.name);
  if (type) url.searchParams.set("type", type);
  url.searchParams.set("expires", expires);
  url.searchParams.set("signature", base64url(signature));
  return url.toString();
}

/**
 * Checks a download URL's signature (constant time, via WebCrypto's HMAC verify) and expiry.
 * Returns the seconds left; throws ApiError 403 when tampered with or expired.
 */
export async function verifyDownloadSignature(
  secret: string,
  input: {
    spaceId: string;
    hash: string;
    name: string;
    type?: string;
    expires: string;
    signature: string;
    now?: number;
  },
): Promise<number> {
  const signature = hmacFromBase64url(input.signature);
  if (!signature || !/^\d{1,12}$/.test(input.expires)) {
    throw new ApiError(403, "The download URL's signature is not valid");
  }
  const key = await hmacKey(secret);
  const ok = await crypto.subtle.verify(
    "HMAC",
    key,
    signature,
    signedPayload(input.spaceId, input.hash, input.name, input.type ?? "", input.expires),
  );
  if (!ok) throw new ApiError(403, "The download URL's signature is not valid");
  const left = Number(input.expires) - Math.floor((input.now ?? Date.now()) / 1000);
  if (left <= 0) throw new ApiError(403, "The download URL has expired");
  return left;
}
