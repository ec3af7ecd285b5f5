// Font files by their first bytes (the sfnt/WOFF signatures), and how they are named and served.
import type { FontFileFormat } from "../../db/schema";

export interface FontFileType {
  format: FontFileFormat;
  contentType: string;
  extension: string;
}

export const FONT_FILE_TYPES: Record<FontFileFormat, FontFileType> = {
  woff2: { format: "woff2", contentType: "font/woff2", extension: "woff2" },
  woff: { format: "woff", contentType: "font/woff", extension: "woff" },
  truetype: { format: "truetype", contentType: "font/ttf", extension: "ttf" },
  opentype: { format: "opentype", contentType: "font/otf", extension: "otf" },
};

const SIGNATURES: [string, FontFileFormat][] = [
  ["wOF2", "woff2"],
  ["wOFF", "woff"],
  ["\u0000\u0001\u0000\u0000", "truetype"],
  ["true", "truetype"],
  ["OTTO", "opentype"],
];

/** The font format of a file's bytes, or undefined when they are no font. */
export function fontFormat(bytes: Uint8Array): FontFileType | undefined {
  if (bytes.byteLength < 12) return undefined;
  const head = String.fromCharCode(...bytes.subarray(0, 4));
  const found = SIGNATURES.find(([signature]) => signature === head);
  return found ? FONT_FILE_TYPES[found[1]] : undefined;
}

/** The path a font file is served at, by every host of the deployment (`src/site/router.ts`). */
export const fontFilePath = (organizationId: string, hash: string, format: FontFileFormat) =>
  `/~site/~fonts/${organizationId}/${hash}.${FONT_FILE_TYPES[format].extension}`;

/** The served path's parts (organization, hash, format), or undefined for any other path. */
export function parseFontFilePath(path: string) {
  const m = /^\/~site\/~fonts\/([A-Za-z0-9_-]{1,64})\/([0-9a-f]{64})\.(woff2|woff|ttf|otf)$/.exec(path);
  if (!m) return undefined;
  const type = Object.values(FONT_FILE_TYPES).find((t) => t.extension === m[3])!;
  return { organizationId: m[1]!, hash: m[2]!, type };
}
