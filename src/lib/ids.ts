const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Base62 of the given bytes, fixed width so that ids of one kind sort and compare uniformly. */
export function base62(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  const width = Math.ceil((bytes.length * 8) / Math.log2(62));
  let out = "";
  for (let i = 0; i < width; i++) {
    out = ALPHABET[Number(value % 62n)] + out;
    value /= 62n;
  }
  return out;
}

export function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length));
}

/**
 * An opaque, URL-safe id: 4 bytes of seconds (rough time order, for index locality) followed by
 * 12 random bytes (96 random bits, CONTRACT §6), base62-encoded to 22 characters.
 */
export function newId(): string {
  const bytes = randomBytes(16);
  const seconds = Math.floor(Date.now() / 1000);
  bytes[0] = (seconds >>> 24) & 0xff;
  bytes[1] = (seconds >>> 16) & 0xff;
  bytes[2] = (seconds >>> 8) & 0xff;
  bytes[3] = seconds & 0xff;
  return base62(bytes);
}
