/** The UTF-8 JSON of a `T`, encoded once and kept (a presenter's), typed by what it encodes. */
export type EncodedJson<T> = Uint8Array<ArrayBuffer> & { readonly encodes?: T };

export function encodeJson<T>(value: T): EncodedJson<T> {
  return new TextEncoder().encode(JSON.stringify(value)) as EncodedJson<T>;
}
