import { and, eq, sql } from "drizzle-orm";
import { markdownToDocument } from "../../content/markdown";
import { type FileEntry, pageByPath, type Snapshot } from "../../content/model";
import { semanticChanges } from "../../content/semantic-changes";
import { contentBlobs, spaces } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { pageArray, type PageRequest } from "../../lib/pagination";
import {
  fileDownloadURL,
  type PageFormat,
  pageBody,
  presentFile,
  presentPage,
  presentPages,
  spaceAppURL,
} from "../../presenters/content";
import { presentChangeRequest } from "../../presenters/change-request";
import { getChangeRequest } from "../change-requests/change-requests";
import type { ServiceContext } from "../core/context";
import { checkSpace, type ContentTarget, loadContent, loadContents } from "./content-load";
import { chainQuery, spaceAccess } from "../access/space-access";

/** A revision object of the reference (pages without bodies, files with signed download URLs). */
export async function readRevision(ctx: ServiceContext, spaceId: string, target: ContentTarget) {
  const { snapshot } = await loadContent(ctx, spaceId, target);
  const rev = snapshot.revision;
  return {
    object: "revision" as const,
    id: rev.id,
    parents: rev.parents,
    type: rev.type,
    ...(rev.mergedFrom
      ? { mergedFrom: presentChangeRequest(ctx, await getChangeRequest(ctx, spaceId, rev.mergedFrom)) }
      : {}),
    pages: presentPages(ctx, spaceId, snapshot),
    files: await Promise.all([...snapshot.files.values()].map((f) => presentFile(ctx, spaceId, f))),
    reusableContents: [...snapshot.reusables.values()].map((r) => ({
      id: r.id,
      title: r.title,
      ...(r.body ? { document: r.body } : {}),
    })),
    variables: snapshot.variables,
    createdAt: new Date(rev.createdAt).toISOString(),
    urls: { app: spaceAppURL(ctx, spaceId) },
  };
}

export async function listPages(ctx: ServiceContext, spaceId: string, target: ContentTarget) {
  const { snapshot } = await loadContent(ctx, spaceId, target);
  return { pages: presentPages(ctx, spaceId, snapshot) };
}

export type PageLocator = { id: string } | { path: string };

function findPage(snapshot: Snapshot, locator: PageLocator) {
  const page = "id" in locator ? snapshot.pages.get(locator.id) : pageByPath(snapshot, locator.path);
  if (!page) throw notFound("Page");
  return page;
}

async function readBody(ctx: ServiceContext, spaceId: string, hash: string | undefined): Promise<string> {
  if (!hash) return "";
  const [row] = await ctx.db
    .select({ body: contentBlobs.body })
    .from(contentBlobs)
    .where(and(eq(contentBlobs.spaceId, spaceId), eq(contentBlobs.hash, hash)))
    .limit(1);
  return row?.body ?? "";
}

/** A page with its body as markdown (default) or as the reference's document JSON. */
export async function readPage(
  ctx: ServiceContext,
  spaceId: string,
  target: ContentTarget,
  locator: PageLocator,
  format?: PageFormat,
) {
  const { snapshot } = await loadContent(ctx, spaceId, target);
  const page = findPage(snapshot, locator);
  const presented = presentPage(ctx, spaceId, snapshot, page.id);
  if (page.type !== "document") return presented;
  const markdown = await readBody(ctx, spaceId, page.body);
  return { ...presented, ...pageBody(markdown, format, markdownToDocument) };
}

/** A page's document JSON (getPageDocumentInRevisionById). */
export async function readPageDocument(ctx: ServiceContext, spaceId: string, target: ContentTarget, pageId: string) {
  const { snapshot } = await loadContent(ctx, spaceId, target);
  const page = findPage(snapshot, { id: pageId });
  return markdownToDocument(await readBody(ctx, spaceId, page.body));
}

/** A document by id (a page body's content hash), as document JSON: the space check and the body in one round trip. */
export async function readDocument(ctx: ServiceContext, spaceId: string, documentId: string) {
  const [spaceRows, chain, blobs] = await ctx.db.batch([
    ctx.db.select().from(spaces).where(eq(spaces.id, spaceId)).limit(1),
    chainQuery(ctx.db, sql`SELECT parent_id FROM spaces WHERE id = ${spaceId}`),
    ctx.db
      .select({ body: contentBlobs.body })
      .from(contentBlobs)
      .where(and(eq(contentBlobs.spaceId, spaceId), eq(contentBlobs.hash, documentId)))
      .limit(1),
  ]);
  const row = spaceRows[0];
  checkSpace(row ? { row, chain, ...spaceAccess(ctx.caller, row, chain) } : undefined, "space.view");
  if (!blobs[0]) throw notFound("Document");
  return markdownToDocument(blobs[0].body);
}

export async function listFiles(ctx: ServiceContext, spaceId: string, target: ContentTarget, page: PageRequest) {
  const { snapshot } = await loadContent(ctx, spaceId, target);
  const files = [...snapshot.files.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
  const result = pageArray(files, (f) => f.id, page);
  return { ...result, items: await Promise.all(result.items.map((f) => presentFile(ctx, spaceId, f))) };
}

export async function readFile(ctx: ServiceContext, spaceId: string, target: ContentTarget, fileId: string) {
  const { snapshot } = await loadContent(ctx, spaceId, target);
  const file = snapshot.files.get(fileId);
  if (!file) throw notFound("File");
  return presentFile(ctx, spaceId, file);
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

/** Semantic changes between two snapshots: a revision and its first parent, or a change request and its base. */
export async function readSemanticChanges(
  ctx: ServiceContext,
  spaceId: string,
  after: ContentTarget,
  before: ContentTarget | "first-parent",
  limit: number,
) {
  const first = await loadContents(ctx, spaceId, before === "first-parent" ? [after] : [after, before]);
  let [afterSnap, beforeSnap] = first.snapshots;
  if (before === "first-parent") {
    const parent = afterSnap.revision.parents[0];
    beforeSnap = parent
      ? (await loadContents(ctx, spaceId, [{ kind: "revision", revisionId: parent }])).snapshots[0]
      : ({
          ...afterSnap,
          pages: new Map(),
          parentOf: new Map(),
          children: new Map([[null, []]]),
          files: new Map(),
          reusables: new Map(),
          variables: {},
        } as typeof afterSnap);
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
  for (const [k, file] of reported) urls.set(k, await fileDownloadURL(ctx, spaceId, file));
  const all = semanticChanges(beforeSnap, afterSnap, (f) => urls.get(key(f)) ?? "");
  return { changes: all.slice(0, limit), ...(all.length > limit ? { more: all.length - limit } : {}) };
}
