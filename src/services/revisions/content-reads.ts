import { and, eq, sql } from "drizzle-orm";
import { markdownToDocument } from "../../content/markdown";
import { emptySnapshot, type FileEntry, type PageEntry, pageByPath, type Snapshot } from "../../content/model";
import type { RevisionRow, StoredSnapshot } from "../../content/snapshot-store";
import { semanticChanges } from "../../content/semantic-changes";
import { batch } from "../../db/batch";
import { contentBlobs } from "../../db/schema";
import { type Placeholders, reusableStatement } from "../../db/reusable";
import { notFound } from "../../lib/errors";
import { type Page, pageArray, type PageRequest } from "../../lib/pagination";
import {
  type ChangeRequestView,
  changeRequestViewOf,
  changeRequestViewRead,
  getChangeRequest,
} from "./change-request-views";
import type { ServiceContext } from "../core";
import type { PageLocator } from "../../content/page-snapshot";
import { cachedBody, cacheBody } from "./body-cache";
import { type SemanticChangeWithMarkdown, withChangeMarkdown } from "./change-markdown";
import { loadPage } from "./page-load";
import { checkSpace, type ContentTarget, loadContent, loadContents, revisionIdSql } from "./content-load";
import { computedPagesOf, type ExpandOptions, expandSnapshot } from "./computed";
import { spaceRead, withSpaceAccess } from "../access";
import { fileSigner, type SignedFile, signFiles } from "./file-urls";

/** A revision: its snapshot, its files with signed download URLs, and the change request it was merged from, if any. */
export interface RevisionView {
  snapshot: StoredSnapshot;
  files: SignedFile[];
  mergedFrom?: ChangeRequestView;
}

/** `computed` (the reference's query, default true on its routes): computed pages read as the pages they generate. */
export interface ReadOptions extends ExpandOptions {
  computed?: boolean;
}

/**
 * A target's snapshot, expanded when `computed`, with the generated pages' markdown by page id (their bodies are
 * generated, not stored: read them here, other pages with readPage).
 */
export async function readExpanded(ctx: ServiceContext, spaceId: string, target: ContentTarget, opts: ReadOptions) {
  const { space, snapshot } = await loadContent(ctx, spaceId, target);
  if (!opts.computed) return { snapshot, generated: new Map<string, string>() };
  const expanded = await expandSnapshot(ctx, space.row.organizationId, snapshot, opts);
  return { snapshot: expanded.snapshot, generated: expanded.markdown };
}

/**
 * A revision with the change request a merge revision merged, in one round trip: the change request rides the
 * first batch, named by the revision the isolate expects, or (when it holds none) by the revision row the batch
 * reads. Only when main moved on from what the isolate expected is it read once the revision is known.
 */
export async function readRevision(
  ctx: ServiceContext,
  spaceId: string,
  target: ContentTarget,
  opts: ReadOptions = {},
): Promise<RevisionView> {
  const { space, snapshots, alongside } = await loadContents(ctx, spaceId, [target], {
    alongside: ([snapshot]) => {
      if (!snapshot) {
        const named = sql`SELECT merged_from FROM revisions WHERE id = (${revisionIdSql(spaceId, target)}) AND space_id = ${spaceId}`;
        return [changeRequestViewRead(ctx, spaceId, named)];
      }
      const ref = snapshot.revision.mergedFrom;
      return ref ? [changeRequestViewRead(ctx, spaceId, ref)] : [];
    },
  });
  const stored = snapshots[0];
  const snapshot = opts.computed
    ? (await expandSnapshot(ctx, space.row.organizationId, stored, opts)).snapshot
    : stored;
  const files = await signFiles(ctx, spaceId, [...snapshot.files.values()]);
  const mergedFrom = stored.revision.mergedFrom;
  if (!mergedFrom) return { snapshot, files };
  const [found] = (alongside[0] ?? []) as Parameters<typeof changeRequestViewOf>[0][];
  return {
    snapshot,
    files,
    mergedFrom:
      found?.cr.id === mergedFrom
        ? changeRequestViewOf(found, space)
        : await getChangeRequest(ctx, spaceId, mergedFrom),
  };
}

/** The snapshot whose pages are listed. */
export async function listPages(
  ctx: ServiceContext,
  spaceId: string,
  target: ContentTarget,
  opts: ReadOptions = {},
): Promise<Snapshot> {
  return (await readExpanded(ctx, spaceId, target, opts)).snapshot;
}

function findPage(snapshot: Snapshot, locator: PageLocator) {
  const page = "id" in locator ? snapshot.pages.get(locator.id) : pageByPath(snapshot, locator.path);
  if (!page) throw notFound("Page");
  return page;
}

const blobBody = reusableStatement((db, p: Placeholders<{ spaceId: string; hash: string }>) =>
  db
    .select({ body: contentBlobs.body })
    .from(contentBlobs)
    .where(and(eq(contentBlobs.spaceId, p.spaceId), eq(contentBlobs.hash, p.hash)))
    .limit(1),
);

const bodyQuery = (ctx: ServiceContext, spaceId: string, hash: string) => blobBody(ctx.db, { spaceId, hash });

/**
 * A body's markdown: from the isolate's cache, else from `rows` (what a bodyQuery that rode an earlier batch
 * found) or read now (one round trip), then kept.
 */
async function readBody(
  ctx: ServiceContext,
  spaceId: string,
  hash: string | undefined,
  rows?: { body: string }[],
): Promise<string> {
  if (!hash) return "";
  const known = cachedBody(spaceId, hash);
  if (known !== undefined) return known;
  const [row] = rows ?? (await bodyQuery(ctx, spaceId, hash));
  if (row) cacheBody(spaceId, hash, row.body);
  return row?.body ?? "";
}

/** A page read: the page in its snapshot, with its body's markdown when it is a document. */
export interface PageReadView {
  snapshot: Snapshot;
  page: PageEntry;
  markdown?: string;
  /** The revision read (the snapshot may be only the page's part of it: `"partial" in snapshot`). */
  revision: RevisionRow;
  /** The snapshot is expanded with computed pages' generated ones: it depends on their specs too. */
  expanded?: true;
}

export async function readPage(
  ctx: ServiceContext,
  spaceId: string,
  target: ContentTarget,
  locator: PageLocator,
  opts: ReadOptions = {},
): Promise<PageReadView> {
  // When this isolate holds the snapshot it expects the target to have, the page's body rides the first batch
  // (unless the isolate holds the body too).
  const expectedBody = (snapshot: Snapshot | undefined) => {
    const page = snapshot && ("id" in locator ? snapshot.pages.get(locator.id) : pageByPath(snapshot, locator.path));
    return page?.type === "document" && page.body ? page.body : undefined;
  };
  const {
    space,
    snapshot: loaded,
    expected,
    alongside,
  } = await loadPage(ctx, spaceId, target, locator, {
    computed: opts.computed,
    alongside: (snapshot) => {
      const hash = expectedBody(snapshot);
      return hash && cachedBody(spaceId, hash) === undefined ? [bodyQuery(ctx, spaceId, hash)] : [];
    },
  });
  let snapshot: Snapshot = loaded;
  let read: Pick<PageReadView, "revision" | "expanded"> = { revision: loaded.revision };
  if (opts.computed && !("partial" in loaded) && computedPagesOf(loaded).length) {
    // A generated page is found only in the expanded tree, and its markdown is generated, not stored.
    const expanded = await expandSnapshot(ctx, space.row.organizationId, loaded, opts);
    snapshot = expanded.snapshot;
    if (snapshot !== loaded) read = { ...read, expanded: true };
    const page = findPage(snapshot, locator);
    const markdown = expanded.markdown.get(page.id);
    if (markdown !== undefined) return { ...read, snapshot, page, markdown };
  }
  const page = findPage(snapshot, locator);
  if (page.type !== "document") return { ...read, snapshot, page };
  const fetched = snapshot === expected && expectedBody(snapshot) === page.body;
  const rows = fetched ? (alongside[0] as { body: string }[] | undefined) : undefined;
  return { ...read, snapshot, page, markdown: await readBody(ctx, spaceId, page.body, rows) };
}

/** A page's document JSON (getPageDocumentInRevisionById). */
export async function readPageDocument(
  ctx: ServiceContext,
  spaceId: string,
  target: ContentTarget,
  pageId: string,
  opts: ReadOptions = {},
) {
  const { snapshot, generated } = await readExpanded(ctx, spaceId, target, opts);
  const page = findPage(snapshot, { id: pageId });
  return markdownToDocument(generated.get(page.id) ?? (await readBody(ctx, spaceId, page.body)));
}

/** A document by id (a page body's content hash), as document JSON: the space check and the body in one round trip. */
export async function readDocument(ctx: ServiceContext, spaceId: string, documentId: string) {
  const [spaceRows, blobs] = await batch(ctx.db, [
    spaceRead(ctx.db, spaceId),
    ctx.db
      .select({ body: contentBlobs.body })
      .from(contentBlobs)
      .where(and(eq(contentBlobs.spaceId, spaceId), eq(contentBlobs.hash, documentId)))
      .limit(1),
  ]);
  checkSpace(await withSpaceAccess(ctx, spaceRows), "space.viewContent", ctx.caller);
  if (!blobs[0]) throw notFound("Document");
  return markdownToDocument(blobs[0].body);
}

/** A page of a target's files, by id, with their signed download URLs. */
export async function listFiles(
  ctx: ServiceContext,
  spaceId: string,
  target: ContentTarget,
  page: PageRequest,
): Promise<Page<SignedFile>> {
  const { snapshot } = await loadContent(ctx, spaceId, target);
  const files = [...snapshot.files.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
  const listed = pageArray(files, (f) => f.id, page);
  return { ...listed, items: await signFiles(ctx, spaceId, listed.items) };
}

export async function readFile(
  ctx: ServiceContext,
  spaceId: string,
  target: ContentTarget,
  fileId: string,
): Promise<FileEntry> {
  const { snapshot } = await loadContent(ctx, spaceId, target);
  const file = snapshot.files.get(fileId);
  if (!file) throw notFound("File");
  return file;
}

/** A file of a target with its signed download URL (the file reads of the API; sites serve bytes with readFile). */
export async function readSignedFile(
  ctx: ServiceContext,
  spaceId: string,
  target: ContentTarget,
  fileId: string,
): Promise<SignedFile> {
  const [signed] = await signFiles(ctx, spaceId, [await readFile(ctx, spaceId, target, fileId)]);
  return signed;
}

async function findReusable(ctx: ServiceContext, spaceId: string, target: ContentTarget, id: string) {
  const { snapshot } = await loadContent(ctx, spaceId, target);
  const reusable = snapshot.reusables.get(id);
  if (!reusable) throw notFound("Reusable content");
  return reusable;
}

export async function readReusableContent(ctx: ServiceContext, spaceId: string, target: ContentTarget, id: string) {
  const reusable = await findReusable(ctx, spaceId, target, id);
  return { id: reusable.id, title: reusable.title, ...(reusable.body ? { document: reusable.body } : {}) };
}

export async function readReusableContentDocument(
  ctx: ServiceContext,
  spaceId: string,
  target: ContentTarget,
  id: string,
) {
  const reusable = await findReusable(ctx, spaceId, target, id);
  return markdownToDocument(await readBody(ctx, spaceId, reusable.body));
}

/**
 * Semantic changes between two snapshots: a revision and its first parent, or a change request and its base.
 * The files the changes report carry download URLs signed for this request; with `content: "markdown"`, the page
 * changes answered carry their markdown on each side.
 */
export async function readSemanticChanges(
  ctx: ServiceContext,
  spaceId: string,
  after: ContentTarget,
  before: ContentTarget | "first-parent",
  limit: number,
  opts: { content?: "markdown" } = {},
) {
  const downloadURL = fileSigner(ctx, spaceId);
  const first = await loadContents(ctx, spaceId, before === "first-parent" ? [after] : [after, before]);
  let [afterSnap, beforeSnap] = first.snapshots;
  if (before === "first-parent") {
    const parent = afterSnap.revision.parents[0];
    beforeSnap = parent
      ? (await loadContents(ctx, spaceId, [{ kind: "revision", revisionId: parent }])).snapshots[0]
      : { ...afterSnap, ...emptySnapshot() };
  }
  // Sign URLs only for the files the changes report, keyed by file version (id and bytes): one blob may back
  // files of several names, and an edited file has two versions.
  const key = (f: FileEntry) => `${f.id}:${f.hash}`;
  const reported = new Map<string, FileEntry>();
  semanticChanges(beforeSnap, afterSnap, (f) => {
    reported.set(key(f), f);
    return "";
  });
  const urls = new Map<string, string>();
  for (const [k, file] of reported) urls.set(k, await downloadURL(file));
  const all = semanticChanges(beforeSnap, afterSnap, (f) => urls.get(key(f)) ?? "");
  const answered = all.slice(0, limit);
  const changes =
    opts.content === "markdown"
      ? await withChangeMarkdown(ctx, spaceId, answered, beforeSnap, afterSnap)
      : (answered as SemanticChangeWithMarkdown[]);
  return { changes, ...(all.length > limit ? { more: all.length - limit } : {}) };
}
