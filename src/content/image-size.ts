/** Image dimensions from the header bytes alone (no decode). Unknown or corrupt data: undefined, never a throw. */
export type Dimensions = { width: number; height: number };

const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

const valid = (width: number, height: number): Dimensions | undefined =>
  width > 0 && height > 0 && Number.isFinite(width) && Number.isFinite(height) ? { width, height } : undefined;

function png(b: Uint8Array) {
  if (b.length < 24 || ascii(b, 12, 4) !== "IHDR") return undefined;
  return valid(u32be(b, 16), u32be(b, 20));
}

function gif(b: Uint8Array) {
  if (b.length < 10) return undefined;
  return valid(u16le(b, 6), u16le(b, 8));
}

function jpeg(b: Uint8Array) {
  let at = 2;
  while (at + 3 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image / start of scan before any frame
    const length = u16be(b, at + 2);
    if (length < 2) return undefined;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > b.length) return undefined;
      return valid(u16be(b, at + 7), u16be(b, at + 5));
    }
    at += 2 + length;
  }
  return undefined;
}

function webp(b: Uint8Array) {
  if (b.length < 30) return undefined;
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8 ") {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return undefined;
    return valid(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  }
  if (chunk === "VP8L") {
    if (b[20] !== 0x2f) return undefined;
    const bits = (b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)) >>> 0;
    return valid((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === "VP8X") return valid(u24le(b, 24) + 1, u24le(b, 27) + 1);
  return undefined;
}

const UNITS: Record<string, number> = { "": 1, px: 1, pt: 4 / 3, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4 };

function length(value: string | undefined): number | undefined {
  const match = value && /^\s*([0-9]*\.?[0-9]+(?:e[+-]?\d+)?)\s*(px|pt|pc|in|cm|mm)?\s*$/i.exec(value);
  if (!match) return undefined;
  return Number.parseFloat(match[1]!) * UNITS[(match[2] ?? "").toLowerCase()]!;
}

function svg(b: Uint8Array) {
  const text = new TextDecoder().decode(b.subarray(0, 64 * 1024));
  const tag = /<svg\b((?:[^>"']|"[^"]*"|'[^']*')*)>/i.exec(text);
  if (!tag) return undefined;
  const attrs = new Map<string, string>();
  for (const m of tag[1]!.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
    attrs.set(m[1]!.toLowerCase(), m[2] ?? m[3] ?? "");
  const box = attrs
    .get("viewbox")
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const boxSize =
    box?.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0
      ? { w: box[2]!, h: box[3]! }
      : undefined;
  let width = length(attrs.get("width"));
  let height = length(attrs.get("height"));
  if (width === undefined && height === undefined && boxSize) return valid(boxSize.w, boxSize.h);
  if (width !== undefined && height === undefined && boxSize) height = (width * boxSize.h) / boxSize.w;
  if (height !== undefined && width === undefined && boxSize) width = (height * boxSize.w) / boxSize.h;
  if (width === undefined || height === undefined) return undefined;
  return valid(Math.round(width * 100) / 100, Math.round(height * 100) / 100);
}

function looksLikeSvg(b: Uint8Array, contentType?: string) {
  if (contentType && /^image\/svg\+xml\b/i.test(contentType)) return true;
  const head = new TextDecoder()
    .decode(b.subarray(0, 1024))
    .replace(/^\uFEFF/, "")
    .trimStart();
  return /^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg\b/i.test(head);
}

/** Width and height in pixels of a PNG, JPEG, GIF, WebP or SVG image, read from its header. */
export function imageDimensions(bytes: Uint8Array, contentType?: string): Dimensions | undefined {
  try {
    if (bytes.length >= 8 && u32be(bytes, 0) === 0x89504e47 && u32be(bytes, 4) === 0x0d0a1a0a) return png(bytes);
    if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpeg(bytes);
    if (bytes.length >= 6 && (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a")) return gif(bytes);
    if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return webp(bytes);
    if (looksLikeSvg(bytes, contentType)) return svg(bytes);
  } catch {
    // A header this short or odd has no dimensions.
  }
  return undefined;
}
