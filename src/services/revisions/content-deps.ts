import { and, eq, inArray } from "drizzle-orm";
import type { ApplyDeps } from "../../content/apply";
import { decodeBase64File, storeFile } from "../../content/files";
import {
  checkPageBody,
  documentToMarkdown,
  type PageFrontmatter,
  parsePageMarkdown,
  slugify,
} from "../../content/markdown";
import type { MergeDeps } from "../../content/merge";
import type { PageEntry, Snapshot } from "../../content/model";
import { batch } from "../../db/batch";
import { contentBlobs } from "../../db/schema";
import { chunk } from "../../lib/chunk";
import { sha256Hex } from "../../lib/crypto";
import { badRequest } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { fetchPublicResource } from "../../lib/safe-fetch";
import type { ServiceContext } from "../core";

const MAX_FETCHED_FILE = 20 * 1024 * 1024;

/** Layout presets of frontmatter `layout: <preset>` as explicit layout options. */
const LAYOUT_PRESETS: Record<string, Record<string, unknown>> = {
  docs: {},
  editorial: { tableOfContents: false, outline: false },
  landing: { width: "wide", tableOfContents: false, outline: false, pagination: false },
};

/** Frontmatter as page metadata (the cover is not stored yet). */
function pageMeta(meta: PageFrontmatter): Partial<PageEntry> {
  const { layout, cover: _cover, coverY: _coverY, ...rest } = meta;
  const out: Partial<PageEntry> = { ...rest };
  if (layout !== undefined)
    out.layout = typeof layout === "string" ? (LAYOUT_PRESETS[layout] ?? {}) : (layout as Record<string, unknown>);
  return out;
}

/** The engine's dependencies for one space: markdown reading, hashing, file storage, body loading. */
export function contentDeps(
  ctx: ServiceContext,
  spaceId: string,
  extra: { revertSource?: (revisionId: string | undefined) => Promise<Snapshot> } = {},
): ApplyDeps & MergeDeps {
  return {
    now: ctx.now,
    newId,
    slugify,
    hashBody: sha256Hex,
    async readDocument(input) {
      const markdown =
        "markdown" in input ? input.markdown : "document" in input ? documentToMarkdown(input.document as never) : "";
      const parsed = parsePageMarkdown(markdown);
      checkPageBody(parsed.body);
      return { markdown: parsed.body, meta: pageMeta(parsed.meta), title: parsed.title };
    },
    async storeFile(file) {
      let bytes: Uint8Array;
      let contentType = file.contentType;
      if (file.base64 !== undefined) {
        bytes = decodeBase64File(file.base64);
      } else {
        const fetched = await fetchPublicResource(ctx.env, file.url!, { maxBytes: MAX_FETCHED_FILE });
        bytes = fetched.bytes;
        contentType ??= fetched.contentType;
      }
      const stored = await storeFile(ctx.env, spaceId, bytes, contentType ?? "application/octet-stream");
      return { name: file.name, ...stored };
    },
    revertSource:
      extra.revertSource ??
      (async () => {
        throw badRequest("Nothing to revert to");
      }),
    async loadBodies(hashes) {
      const out = new Map<string, string>();
      const queries = chunk(hashes, 90).map((part) =>
        ctx.db
          .select({ hash: contentBlobs.hash, body: contentBlobs.body })
          .from(contentBlobs)
          .where(and(eq(contentBlobs.spaceId, spaceId), inArray(contentBlobs.hash, part))),
      );
      for (const rows of await batch(ctx.db, queries)) for (const row of rows) out.set(row.hash, row.body);
      return out;
    },
  };
}
