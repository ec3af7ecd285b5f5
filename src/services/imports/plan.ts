import type { ContentChangeInput } from "../../content/changes";
import { MAX_BASE64_FILE_BYTES } from "../../content/files";
import { badRequest } from "../../lib/errors";

/**
 * An import, planned before anything is written: pages (parents before children) and files, each with a
 * batch-local ref. Markdown links to other planned pages are written `./<pageRef>.md` and images
 * `./<fileRef>`; the content engine resolves both to `/pages/<id>` and `/files/<id>` in the same revision.
 */
export interface PlannedPage {
  ref: string;
  title: string;
  markdown: string;
  /** Ref of the parent planned page; absent: the import's target level (root or the given page). */
  parentRef?: string;
  /** A page made up by the import (a folder without README), not a resource of the source. */
  synthetic?: boolean;
  /** The source file's path (archive or repository entry), when the page comes from one. */
  source?: string;
}

export interface PlannedFile {
  ref: string;
  name: string;
  contentType: string;
  bytes: Uint8Array;
  /** The source file's path, when the file comes from one. */
  source?: string;
}

export interface ImportPlan {
  pages: PlannedPage[];
  files: PlannedFile[];
  /** Resources found in the source (pages and images), including those that were skipped. */
  totalResources: number;
}

/** Bounds of one import (documented in the report and README). */
export const IMPORT_LIMITS = {
  /** A single fetched document (html, markdown page, one website page). */
  documentBytes: 2 * 1024 * 1024,
  /** A zip or docx archive as downloaded. */
  archiveBytes: 10 * 1024 * 1024,
  /** Sum of the uncompressed sizes of the entries read from an archive (zip-bomb guard). */
  unpackedBytes: 40 * 1024 * 1024,
  /** Entries of a zip archive. */
  archiveEntries: 500,
  /** Pages created by one import. */
  pages: 200,
  /** Pages fetched by a website import (the start page and same-site pages it links to). */
  websitePages: 20,
  /** Bytes fetched by a website import, pages and images together. */
  websiteBytes: 20 * 1024 * 1024,
  /** Files (images) stored by one import; each is at most the engine's inline file limit (1 MB). */
  files: 100,
  fileBytes: MAX_BASE64_FILE_BYTES,
} as const;

/** Which file names are imported as images. */
export const IMAGE_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  svg: "image/svg+xml",
  webp: "image/webp",
  avif: "image/avif",
};

export function imageTypeOf(name: string): string | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return ext ? IMAGE_TYPES[ext] : undefined;
}

export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Counts what an import will create; pages and files past the bounds are refused up front. */
export function checkPlan(plan: ImportPlan) {
  if (plan.pages.length === 0) throw badRequest("The source contains no content to import");
  if (plan.pages.length > IMPORT_LIMITS.pages) {
    throw badRequest(`The source has ${plan.pages.length} pages; one import creates at most ${IMPORT_LIMITS.pages}`);
  }
  if (plan.files.length > IMPORT_LIMITS.files) {
    throw badRequest(`The source has ${plan.files.length} images; one import stores at most ${IMPORT_LIMITS.files}`);
  }
}

/**
 * The plan as one batch of content changes, placed under `into` (a page id) or at the root. `inline: false`
 * leaves the files' `base64` empty, for a writer whose `storeFile` takes the bytes from the plan by `ref`.
 */
export function planToChanges(
  plan: ImportPlan,
  into: string | undefined,
  opts: { inline?: boolean } = {},
): ContentChangeInput[] {
  const changes: ContentChangeInput[] = [];
  if (plan.files.length) {
    changes.push({
      operation: "insert_files",
      files: plan.files.map((f) => ({
        ref: f.ref,
        name: f.name,
        contentType: f.contentType,
        base64: opts.inline === false ? "" : toBase64(f.bytes),
      })),
    });
  }
  for (const page of plan.pages) {
    const parent = page.parentRef ?? into;
    changes.push({
      operation: "insert_page",
      ref: page.ref,
      title: page.title.slice(0, 512) || "Untitled",
      ...(parent !== undefined ? { into: parent } : {}),
      document: { markdown: page.markdown },
    });
  }
  return changes;
}
