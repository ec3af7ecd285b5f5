/** Tiny real images built byte by byte for the file tests. */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array) {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const le16 = (n: number) => [n & 0xff, (n >>> 8) & 0xff];
const le24 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff];
const le32 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

function chunk(type: string, data: number[]) {
  const body = new Uint8Array([...ascii(type), ...data]);
  return [...be32(data.length), ...body, ...be32(crc32(body))];
}

async function deflate(bytes: Uint8Array): Promise<number[]> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate"));
  return [...new Uint8Array(await new Response(stream).arrayBuffer())];
}

/** A complete, decodable 8-bit grayscale PNG. */
export async function png(width: number, height: number): Promise<Uint8Array> {
  const raw = new Uint8Array(height * (width + 1)); // filter byte 0 + one gray byte per pixel, all black
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk("IHDR", [...be32(width), ...be32(height), 8, 0, 0, 0, 0]),
    ...chunk("IDAT", await deflate(raw)),
    ...chunk("IEND", []),
  ]);
}

/** A JPEG's marker structure: SOI, JFIF APP0, an EXIF APP1, fill bytes, a SOF frame header and EOI. */
export function jpeg(width: number, height: number, sof = 0xc0): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...ascii("JFIF"), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const exif = [...ascii("Exif"), 0, 0, 1, 2, 3, 4];
  const app1 = [0xff, 0xe1, 0, exif.length + 2, ...exif];
  const dht = [0xff, 0xc4, 0, 4, 0, 0]; // DHT (0xC4) is not a frame header and must be skipped
  const sofSegment = [0xff, sof, 0, 11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0];
  return new Uint8Array([0xff, 0xd8, ...app0, ...app1, ...dht, 0xff, ...sofSegment, 0xff, 0xd9]);
}

/** A complete one-colour GIF89a (logical screen, global palette, one image, trailer). */
export function gif(width: number, height: number): Uint8Array {
  return new Uint8Array([
    ...ascii("GIF89a"),
    ...le16(width),
    ...le16(height),
    0x80,
    0,
    0,
    0,
    0,
    0,
    0xff,
    0xff,
    0xff,
    0x2c,
    0,
    0,
    0,
    0,
    ...le16(width),
    ...le16(height),
    0,
    0x02,
    0x02,
    0x44,
    0x01,
    0,
    0x3b,
  ]);
}

function riff(chunks: number[]) {
  return new Uint8Array([...ascii("RIFF"), ...le32(chunks.length + 4), ...ascii("WEBP"), ...chunks]);
}

/** Lossy WebP: a VP8 key-frame header. */
export function webpLossy(width: number, height: number): Uint8Array {
  const frame = [0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a, ...le16(width), ...le16(height), 0, 0, 0, 0, 0, 0];
  return riff([...ascii("VP8 "), ...le32(frame.length), ...frame]);
}

/** Lossless WebP: a VP8L header with 14-bit width-1 and height-1. */
export function webpLossless(width: number, height: number): Uint8Array {
  const bits = ((width - 1) | ((height - 1) << 14)) >>> 0;
  const data = [0x2f, ...le32(bits), 0, 0, 0, 0, 0, 0, 0];
  return riff([...ascii("VP8L"), ...le32(data.length), ...data]);
}

/** Extended WebP: a VP8X chunk with the 24-bit canvas size. */
export function webpExtended(width: number, height: number): Uint8Array {
  const data = [0x10, 0, 0, 0, ...le24(width - 1), ...le24(height - 1)];
  return riff([...ascii("VP8X"), ...le32(data.length), ...data]);
}

export const text = (s: string) => new TextEncoder().encode(s);

/** A PNG whose header declares `width`×`height` but whose pixel data is a 1×1 image's (a decompression bomb's header). */
export async function pngDeclaring(width: number, height: number): Promise<Uint8Array> {
  const raw = new Uint8Array(2);
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk("IHDR", [...be32(width), ...be32(height), 8, 0, 0, 0, 0]),
    ...chunk("IDAT", await deflate(raw)),
    ...chunk("IEND", []),
  ]);
}
