/** Bytes as unpadded base64url (RFC 4648 §5), as signed URLs carry their HMAC. */
export const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** A 32-byte HMAC-SHA-256 from its unpadded base64url text; undefined for anything else. */
export function hmacFromBase64url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return undefined;
  return Uint8Array.from(atob(`${text.replace(/-/g, "+").replace(/_/g, "/")}=`), (ch) => ch.charCodeAt(0));
}
