/**
 * getChangeRequestPDF and getSpacePDF: a change request's or the space's pages rendered to a PDF, stored in R2
 * under the space's prefix and served through a signed, expiring download URL. The object is keyed by a hash of
 * the revision and the options, so a repeated request for unchanged content reuses the stored PDF.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { fileKey, signedDownloadURL } from "../../content/files";
import { signingSecret } from "../access";
import { childrenOf, type Snapshot } from "../../content/model";
import { batch } from "../../db/batch";
import { contentBlobs } from "../../db/schema";
import { chunk } from "../../lib/chunk";
import { sha256Hex } from "../../lib/crypto";
import { fetchStaticFile } from "../../lib/static-files";
import { badRequest, notFound } from "../../lib/errors";
import type { PdfPageInput } from "../../pdf/render";
import { contentDeps, type ContentTarget, loadContent } from "../revisions";
import type { ServiceContext } from "../core";

/** Most pages one PDF renders (a guard on the Worker's CPU time). */
export const MAX_PDF_PAGES = 300;
/** Most markdown one PDF renders, all pages together (a guard on the Worker's memory). */
export const MAX_PDF_MARKDOWN_BYTES = 5 * 1024 * 1024;
export const PDF_URL_SECONDS = 3600;
const RENDER_VERSION = "pdf-v2"; // fonts by coverage, tables as grids

export interface PdfOptions {
  only?: boolean;
  page?: string;
}

/** Page ids in reading order (depth first), from `from` (and its descendants) or the whole tree. */
function readingOrder(s: Snapshot, from?: string): string[] {
  const out: string[] = [];
  const walk = (id: string) => {
    const page = s.pages.get(id);
    if (!page || (page.hidden && id !== from)) return;
    out.push(id);
    for (const child of childrenOf(s, id)) walk(child);
  };
  if (from) walk(from);
  else for (const id of childrenOf(s, null)) walk(id);
  return out;
}

/** UTF-8 byte length of each body, measured in D1 without loading the bodies. */
async function bodySizes(ctx: ServiceContext, spaceId: string, hashes: string[]): Promise<Map<string, number>> {
  const queries = chunk(hashes, 90).map((part) =>
    ctx.db
      .select({ hash: contentBlobs.hash, bytes: sql<number>`length(CAST(${contentBlobs.body} AS BLOB))` })
      .from(contentBlobs)
      .where(and(eq(contentBlobs.spaceId, spaceId), inArray(contentBlobs.hash, part))),
  );
  const out = new Map<string, number>();
  for (const rows of await batch(ctx.db, queries)) for (const row of rows) out.set(row.hash, Number(row.bytes));
  return out;
}

/** getSpacePDF (the space's main) and getChangeRequestPDF (the change request's head revision). */
export async function contentPdf(
  ctx: ServiceContext,
  spaceId: string,
  target: ContentTarget,
  opts: PdfOptions,
): Promise<{ url: string }> {
  if (opts.only && !opts.page) throw badRequest("query.page: is required when only is true");
  const { space, changeRequest, snapshot } = await loadContent(ctx, spaceId, target);
  if (opts.page && !snapshot.pages.has(opts.page)) throw notFound("Page");
  const ids = opts.only ? [opts.page!] : readingOrder(snapshot, opts.page);
  const documents = ids.filter((id) => snapshot.pages.get(id)!.type !== "link");
  if (documents.length > MAX_PDF_PAGES) {
    throw badRequest(
      `The PDF would have ${documents.length} pages of content, over the limit of ${MAX_PDF_PAGES}; pass page to export a part`,
    );
  }

  const title = opts.page ? snapshot.pages.get(opts.page)!.title : changeRequest?.subject || space.row.title;
  // The title is printed in the PDF and can change without a new revision (a renamed space or change request).
  const hash = await sha256Hex(
    [RENDER_VERSION, snapshot.revision.id, opts.only ? "only" : "tree", opts.page ?? "", title].join("\n"),
  );
  const key = fileKey(spaceId, hash);
  if (!(await ctx.env.STORAGE.head(key))) {
    const bodyHashes = [
      ...new Set(documents.map((id) => snapshot.pages.get(id)!.body).filter((h): h is string => !!h)),
    ];
    const sizes = await bodySizes(ctx, spaceId, bodyHashes);
    const total = documents.reduce((sum, id) => sum + (sizes.get(snapshot.pages.get(id)!.body ?? "") ?? 0), 0);
    if (total > MAX_PDF_MARKDOWN_BYTES) {
      throw badRequest(
        `The PDF would render ${total} bytes of content, over the limit of ${MAX_PDF_MARKDOWN_BYTES}; pass page (and only=true) to export a part`,
      );
    }
    const bodies = await contentDeps(ctx, spaceId).loadBodies(bodyHashes);
    const pages: PdfPageInput[] = documents.map((id) => {
      const page = snapshot.pages.get(id)!;
      return {
        title: page.title,
        description: page.description,
        markdown: page.body ? (bodies.get(page.body) ?? "") : null,
      };
    });
    // pdf-lib and fontkit (~1.9 MB) load on the first PDF, not at every isolate's start.
    const { MAX_PDF_IMAGE_BYTES, renderPdf } = await import("../../pdf/render");
    const bytes = await renderPdf({
      title,
      pages,
      image: async (url) => {
        const file = /^\/files\/([^/?#\s]+)\/?$/.exec(url)?.[1];
        const entry = file ? snapshot.files.get(file) : undefined;
        if (!entry || !/^image\/(png|jpe?g)$/i.test(entry.contentType)) return undefined;
        const object = await ctx.env.STORAGE.get(fileKey(spaceId, entry.hash));
        if (!object) return undefined;
        if (object.size > MAX_PDF_IMAGE_BYTES) {
          await object.body.cancel();
          return undefined;
        }
        return { bytes: new Uint8Array(await object.arrayBuffer()) };
      },
      font: async (path) => {
        const res = await fetchStaticFile(ctx.env.ASSETS, `/_quire/${path}`);
        return res.ok ? new Uint8Array(await res.arrayBuffer()) : undefined;
      },
    });
    await ctx.env.STORAGE.put(key, bytes, {
      httpMetadata: { contentType: "application/pdf" },
      customMetadata: {
        kind: "pdf",
        revision: snapshot.revision.id,
        ...(changeRequest ? { changeRequest: changeRequest.id } : {}),
      },
    });
  }
  const name = `${
    title
      .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ")
      .trim()
      .slice(0, 100) || "export"
  }.pdf`;
  const url = await signedDownloadURL(
    { urls: ctx.urls, secret: await signingSecret(ctx) },
    { spaceId, hash, name, contentType: "application/pdf", expiresInSeconds: PDF_URL_SECONDS, now: ctx.now },
  );
  return { url };
}
