import type { Env } from "../../env";
import { ApiError } from "../../lib/errors";
import { fetchPublicResource } from "../../lib/safe-fetch";
import { IMPORT_LIMITS, imageTypeOf, type PlannedFile } from "./plan";

export interface Fetched {
  bytes: Uint8Array;
  contentType?: string;
  url: string;
}

/**
 * Outbound fetches of one import: every request goes through `fetchPublicResource` (SSRF checks on each
 * redirect hop, size cut-off), and the import as a whole has a byte budget.
 */
export class ImportFetcher {
  private spent = 0;
  constructor(
    private readonly env: Env,
    private readonly budget: number,
  ) {}

  async get(url: string, maxBytes: number): Promise<Fetched> {
    const left = this.budget - this.spent;
    if (left <= 0) throw new ApiError(413, `The import reached its download budget of ${this.budget} bytes`);
    const fetched = await fetchPublicResource(this.env, url, { maxBytes: Math.min(maxBytes, left) });
    this.spent += fetched.bytes.byteLength;
    return fetched;
  }
}

/** UTF-8 text, or a 422 naming the source when the bytes are binary or not UTF-8. */
export function decodeText(bytes: Uint8Array, what: string): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ApiError(422, `The ${what} is not UTF-8 text`);
  }
  if (text.includes("\u0000")) throw new ApiError(422, `The ${what} is binary, not text`);
  return text.replace(/^\uFEFF/, "");
}

export function looksLikeHtml(text: string): boolean {
  return /<(!doctype\s+html|html|head|body|p|div|h[1-6]|main|article|section|ul|ol|table|a\s|img\s)\b/i.test(
    text.slice(0, 64 * 1024),
  );
}

/** Percent-decodes a URL path or part of one; malformed escapes (`%E0%A4%A`) leave the text as it is. */
export function decodePath(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The decoded last segment of a URL's path ("" for an unparsable URL). */
export function lastPathSegment(url: string): string {
  try {
    return decodePath(new URL(url).pathname.split("/").pop() ?? "");
  } catch {
    return "";
  }
}

function fileNameOf(url: string, contentType: string): string {
  let name = lastPathSegment(url);
  if (!name || !imageTypeOf(name)) {
    const ext = contentType.split("/")[1]?.replace("svg+xml", "svg").replace("jpeg", "jpg") ?? "bin";
    name = `${name || "image"}.${ext}`;
  }
  return name.slice(0, 256);
}

/**
 * Downloads images by absolute URL into planned files (each once). An image that cannot be fetched, is not an
 * image, or is over the per-file bound is skipped: its reference keeps pointing at the original URL and it
 * counts in `totalResources` but not in `importedResources`.
 */
export class ImageCollector {
  readonly files: PlannedFile[] = [];
  private readonly refs = new Map<string, string | null>();
  constructor(
    private readonly fetcher: ImportFetcher,
    private readonly prefix = "image",
  ) {}

  /** Number of distinct images seen (imported or skipped). */
  get seen(): number {
    return this.refs.size;
  }

  /** The batch-local ref for an image URL, or undefined when it was skipped. */
  async refFor(url: string): Promise<string | undefined> {
    if (!/^https?:/i.test(url)) return undefined;
    if (!this.refs.has(url)) {
      this.refs.set(url, null);
      if (this.files.length >= IMPORT_LIMITS.files) return undefined;
      try {
        const fetched = await this.fetcher.get(url, IMPORT_LIMITS.fileBytes);
        const contentType = fetched.contentType?.startsWith("image/")
          ? fetched.contentType
          : imageTypeOf(lastPathSegment(url));
        if (contentType) {
          const ref = `${this.prefix}-${this.files.length + 1}`;
          this.files.push({ ref, name: fileNameOf(url, contentType), contentType, bytes: fetched.bytes });
          this.refs.set(url, ref);
        }
      } catch {
        // Any failure (refused, unreachable, malformed URL or redirect, over a bound) skips the image.
      }
    }
    return this.refs.get(url) ?? undefined;
  }
}
