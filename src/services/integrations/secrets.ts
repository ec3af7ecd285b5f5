import { signingSecret } from "../access";
import type { ServiceContext } from "../core";

/**
 * Integration secrets at rest: AES-256-GCM under a key derived (HKDF-SHA-256) from the instance secret, a fresh
 * 96-bit IV per encryption, stored as base64(iv ‖ ciphertext). Rotating the instance secret makes stored secrets
 * unreadable: the integration's owner publishes again with its secrets.
 */
const KEY_INFO = new TextEncoder().encode("quire integration secrets v1");

async function secretsKey(ctx: Pick<ServiceContext, "db" | "env">): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(await signingSecret(ctx)),
    "HKDF",
    false,
    ["deriveKey"],
  );
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: KEY_INFO },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export async function encryptSecrets(
  ctx: Pick<ServiceContext, "db" | "env">,
  secrets: Record<string, string>,
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(secrets));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await secretsKey(ctx), plain));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return toBase64(out);
}

/** The secrets sealed by encryptSecrets; throws when they were sealed under another instance secret. */
export async function decryptSecrets(
  ctx: Pick<ServiceContext, "db" | "env">,
  sealed: string,
): Promise<Record<string, string>> {
  const bytes = fromBase64(sealed);
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: bytes.subarray(0, 12) },
    await secretsKey(ctx),
    bytes.subarray(12),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as Record<string, string>;
}
