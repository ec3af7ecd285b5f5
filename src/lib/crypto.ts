import { base62, randomBytes } from "./ids";

export const TOKEN_PREFIX = "qr_";

/** A new API token: a readable prefix plus 256 random bits. Only its SHA-256 is ever stored. */
export function newApiToken(): string {
  return TOKEN_PREFIX + base62(randomBytes(32));
}

export async function sha256Hex(text: string): Promise<string> {
  return sha256HexOfBytes(new TextEncoder().encode(text));
}

/** "00" … "ff": every authenticated request hashes its token, and building hex byte by byte showed in profiles. */
const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

export async function sha256HexOfBytes(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  let hex = "";
  for (const byte of digest) hex += HEX_BYTES[byte];
  return hex;
}
