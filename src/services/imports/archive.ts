import { Inflate, strFromU8 } from "fflate";
import { ApiError } from "../../lib/errors";
import { IMPORT_LIMITS } from "./plan";

/** Compressed bytes handed to the inflater at a time: at deflate's ~1032:1 ratio one push yields at most ~4 MB. */
const INFLATE_CHUNK = 4 * 1024;

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  originalSize: number;
  localOffset: number;
}

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
const u64 = (b: Uint8Array, at: number) => u32(b, at) + u32(b, at + 4) * 2 ** 32;

/** The central directory: names, methods, declared sizes and where each entry's local header is. Throws on bad bytes. */
function centralDirectory(b: Uint8Array): Entry[] {
  let eocd = b.length - 22;
  const stop = Math.max(0, eocd - 65535);
  while (eocd >= stop && u32(b, eocd) !== 0x06054b50) eocd--;
  if (eocd < stop) throw new Error("no end of central directory");
  const count = u16(b, eocd + 10);
  let at = u32(b, eocd + 16);
  if (count === 0xffff || at === 0xffffffff) throw new Error("zip64 archives are not supported");
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > b.length || u32(b, at) !== 0x02014b50) throw new Error("bad central directory entry");
    const nameLength = u16(b, at + 28);
    const extraLength = u16(b, at + 30);
    const nameBytes = b.subarray(at + 46, at + 46 + nameLength);
    const entry: Entry = {
      name: strFromU8(nameBytes, !(u16(b, at + 8) & 0x800)),
      method: u16(b, at + 10),
      compressedSize: u32(b, at + 20),
      originalSize: u32(b, at + 24),
      localOffset: u32(b, at + 42),
    };
    // Zip64 extra field (0x0001): the 64-bit values of the fields set to 0xffffffff, in this order.
    for (let x = at + 46 + nameLength; x + 4 <= at + 46 + nameLength + extraLength; x += 4 + u16(b, x + 2)) {
      if (u16(b, x) !== 1) continue;
      let y = x + 4;
      for (const field of ["originalSize", "compressedSize", "localOffset"] as const) {
        if (entry[field] === 0xffffffff) {
          entry[field] = u64(b, y);
          y += 8;
        }
      }
    }
    entries.push(entry);
    at += 46 + nameLength + extraLength + u16(b, at + 32);
  }
  return entries;
}

/**
 * One entry's bytes. Deflated data is inflated a few KB at a time and abandoned (413) as soon as the output
 * passes the entry's declared size or what is left of the unpacked budget, so a lying header cannot make the
 * Worker inflate gigabytes.
 */
function inflateEntry(b: Uint8Array, entry: Entry, budget: number, what: string): Uint8Array {
  const at = entry.localOffset;
  if (at + 30 > b.length || u32(b, at) !== 0x04034b50) throw new Error("bad local header");
  const start = at + 30 + u16(b, at + 26) + u16(b, at + 28);
  const data = b.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw new Error("truncated entry");
  const limit = Math.min(entry.originalSize, budget);
  const overflow = () =>
    entry.originalSize <= budget
      ? new ApiError(
          413,
          `The ${what} entry ${entry.name} holds more data than its declared size of ${entry.originalSize} bytes`,
        )
      : new ApiError(413, `The ${what} unpacks to more than ${IMPORT_LIMITS.unpackedBytes} bytes`);
  if (entry.method === 0) {
    if (data.length > limit) throw overflow();
    return data.slice();
  }
  if (entry.method !== 8) throw new Error(`unsupported compression method ${entry.method}`);
  const parts: Uint8Array[] = [];
  let produced = 0;
  const inflater = new Inflate((chunk) => {
    produced += chunk.length;
    if (produced > limit) throw overflow();
    parts.push(chunk);
  });
  for (let i = 0; i < data.length; i += INFLATE_CHUNK)
    inflater.push(data.subarray(i, i + INFLATE_CHUNK), i + INFLATE_CHUNK >= data.length);
  if (data.length === 0) inflater.push(new Uint8Array(0), true);
  const out = new Uint8Array(produced);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Unpacks an archive with bounds on entry count and unpacked size: the declared sizes (central directory) are
 * checked before anything is inflated, and the bytes actually produced while inflating. `keep` selects the
 * entries to inflate. Garbage bytes answer 422, bounds 413.
 */
export function unpack(bytes: Uint8Array, what: string, keep: (name: string) => boolean): Record<string, Uint8Array> {
  const invalid = () => new ApiError(422, `The ${what} could not be read: it is not a valid zip archive`);
  let entries: Entry[];
  try {
    entries = centralDirectory(bytes).filter((e) => keep(e.name));
  } catch {
    throw invalid();
  }
  if (entries.length > IMPORT_LIMITS.archiveEntries)
    throw new ApiError(413, `The ${what} has more than ${IMPORT_LIMITS.archiveEntries} entries to import`);
  if (entries.reduce((sum, e) => sum + e.originalSize, 0) > IMPORT_LIMITS.unpackedBytes) {
    throw new ApiError(413, `The ${what} unpacks to more than ${IMPORT_LIMITS.unpackedBytes} bytes`);
  }
  const out: Record<string, Uint8Array> = {};
  let unpacked = 0;
  for (const entry of entries) {
    try {
      out[entry.name] = inflateEntry(bytes, entry, IMPORT_LIMITS.unpackedBytes - unpacked, what);
    } catch (error) {
      throw error instanceof ApiError ? error : invalid();
    }
    unpacked += out[entry.name].length;
  }
  return out;
}
