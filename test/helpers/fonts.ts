import { StorageUploadKind } from "gitbook-api-current";
import { currentClient } from "./current-client";
import { workerFetch } from "./http";

/** Bytes that start as a WOFF2 file does (`wOF2`): what Quire checks of a font upload. */
export function woff2Bytes(seed = 0, length = 64): Uint8Array {
  const bytes = new Uint8Array(length);
  bytes.set([0x77, 0x4f, 0x46, 0x32]);
  for (let i = 4; i < length; i++) bytes[i] = (i * 31 + seed) & 0xff;
  return bytes;
}

/** PUTs bytes to a signed upload URL (no token: the URL is the credential). */
export const putUpload = (url: string, body: BodyInit, headers: Record<string, string> = {}) =>
  workerFetch(url, { method: "PUT", body, headers: { "content-type": "font/woff2", ...headers } });

/** A font file uploaded through generateStorageUploadURL and its URL, as the 0.202 client does: its storage key. */
export async function uploadFont(token: string, organizationId: string, bytes = woff2Bytes()) {
  const { data } = await currentClient(token).orgs.generateStorageUploadUrl(organizationId, {
    kind: StorageUploadKind.CustomizationFont,
    file: { name: "font.woff2", type: "font/woff2", size: bytes.byteLength },
  });
  const res = await putUpload(data.url, bytes);
  if (res.status !== 204) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return data.key;
}
