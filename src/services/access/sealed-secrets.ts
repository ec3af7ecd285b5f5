import type { ServiceContext } from "../core";
import { signingSecret } from "./signing-secret";

/**
 * Secrets at rest (integration secrets, Git credentials, identity providers' client secrets): AES-256-GCM under a
 * key derived (HKDF-SHA-256, empty salt) from the instance secret with an `info` naming what is sealed, a fresh
 * 96-bit IV per seal, stored as base64(iv ‖ ciphertext). Rotating the instance secret makes sealed secrets
 * unreadable: their owners enter them again.
 */
async function sealingKey(ctx: Pick<ServiceContext, "db" | "env">, info: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(await signingSecret(ctx)),
    "HKDF",
    false,
    ["deriveKey"],
  );
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: new TextEncoder().encode(info) },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** `text` sealed under the key for `info`. */
export async function sealSecret(ctx: Pick<ServiceContext, "db" | "env">, info: string, text: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(text);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await sealingKey(ctx, info), plain),
  );
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return toBase64(out);
}

/** The text sealed by sealSecret with the same `info`; throws when sealed under another instance secret or info. */
export async function openSealed(
  ctx: Pick<ServiceContext, "db" | "env">,
  info: string,
  sealed: string,
): Promise<string> {
  const bytes = fromBase64(sealed);
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: bytes.subarray(0, 12) },
    await sealingKey(ctx, info),
    bytes.subarray(12),
  );
  return new TextDecoder().decode(plain);
}
