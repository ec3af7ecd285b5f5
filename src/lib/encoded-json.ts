/** The UTF-8 JSON of a `T`, encoded once and kept (a presenter's), typed by what it encodes. */
export type EncodedJson<T> = Uint8Array<ArrayBuffer> & { readonly encodes?: T };

export function encodeJson<T>(value: T): EncodedJson<T> {
  return new TextEncoder().encode(JSON.stringify(value)) as EncodedJson<T>;
}

/**
 * Two encoded JSON objects as one, `{...a, ...b}` for objects with no member in common, without encoding either
 * again: `a` without its closing brace, a comma, `b` without its opening one. (JSON.stringify writes an object as
 * `{` … `}` with no whitespace.)
 */
export function joinEncodedObjects<A, B>(a: EncodedJson<A>, b: EncodedJson<B>): EncodedJson<A & B> {
  if (b.length <= 2) return a as EncodedJson<A & B>;
  if (a.length <= 2) return b as EncodedJson<A & B>;
  const joined = new Uint8Array(a.length + b.length - 1);
  joined.set(a.subarray(0, a.length - 1));
  joined[a.length - 1] = 0x2c; // ","
  joined.set(b.subarray(1), a.length);
  return joined as EncodedJson<A & B>;
}
