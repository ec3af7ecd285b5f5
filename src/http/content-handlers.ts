// One handler per content-read operation, whatever the content target: a space's main (`/spaces/{spaceId}/content…`),
// a revision (`/spaces/{spaceId}/revisions/{revisionId}…`) or a change request
// (`/spaces/{spaceId}/change-requests/{changeRequestId}/content…`). Each route file keeps its own `defineRoute` and
// answers with one of these; the target is resolved once, by `contentTargetOf`, from the path. They live here, not
// in a route area, because three areas (space-content, revisions, change-request-content) share them.
import type { z } from "@hono/zod-openapi";
import { presentFile, presentFileList, presentPageListJson, presentPageRead } from "../presenters/content";
import { presentBacklinkList, presentLinkList } from "../presenters/links";
import { presentPageMetaLinks } from "../presenters/page-meta-links";
import { presentRevisionJson } from "../presenters/revision";
import { contentPdf } from "../services/change-requests";
import { listBacklinks, listLinks } from "../services/links";
import {
  type ContentTarget,
  listFiles,
  listPages,
  readPage,
  readPageMetaLinks,
  readPageDocument,
  readReusableContent,
  readReusableContentDocument,
  readRevision,
  readSemanticChanges,
  readSignedFile,
} from "../services/revisions";
import type { PageQuery as PageRequestQuery } from "../wire/common";
import { type ChangesQuery, computedOpt, type PageQuery, type PdfQuery } from "../wire/content-query";
import type { LinkQuery } from "../wire/links";
import { renderPageHtml } from "../site/page-html";
import { serviceContext } from "./context";
import type { SharedRouteContext as In } from "./router";

/** The path of a content read on any target: a revision, a change request, or (neither) the space's main. */
type TargetParams = { spaceId: string; revisionId?: string; changeRequestId?: string };
/** Targets that have links (a revision has none of its own: links compare a head with its base). */
type LinkParams = { spaceId: string; changeRequestId?: string };
type PageLocatorParams = { pageId: string } | { pagePath: string };

export function contentTargetOf(p: TargetParams): ContentTarget {
  if (p.revisionId !== undefined) return { kind: "revision", revisionId: p.revisionId };
  if (p.changeRequestId !== undefined) return { kind: "change-request", ref: p.changeRequestId };
  return { kind: "main" };
}

const linkSourceOf = (p: LinkParams) =>
  p.changeRequestId !== undefined
    ? ({ kind: "change-request", ref: p.changeRequestId } as const)
    : ({ kind: "main" } as const);

/** The revision (pages included), encoded once per snapshot: answer it with `encodedJson`. */
export async function getRevisionOn(c: In<{ param: TargetParams }>) {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await readRevision(ctx, p.spaceId, contentTargetOf(p), computedOpt(c));
  return presentRevisionJson(ctx, p.spaceId, view);
}

/** The page list, encoded once per snapshot: answer it with `encodedJson`. */
export async function listPagesOn(c: In<{ param: TargetParams }>) {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await listPages(ctx, p.spaceId, contentTargetOf(p), computedOpt(c));
  return presentPageListJson(ctx, p.spaceId, view);
}

/** A page by its id or by its path, whichever the route's path names. */
export async function getPageOn(c: In<{ param: TargetParams & PageLocatorParams; query: z.output<typeof PageQuery> }>) {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const locator = "pageId" in p ? { id: p.pageId } : { path: p.pagePath };
  const view = await readPage(ctx, p.spaceId, contentTargetOf(p), locator, computedOpt(c));
  const { format } = c.req.valid("query");
  // `html` (Quire's own): the page as without `format`, plus its body as the published site renders it.
  if (format !== "html") return presentPageRead(ctx, p.spaceId, view, format);
  return { ...presentPageRead(ctx, p.spaceId, view), ...(await renderPageHtml(ctx, p.spaceId, view)) };
}

export async function getPageDocumentOn(c: In<{ param: TargetParams & { pageId: string } }>) {
  const p = c.req.valid("param");
  return readPageDocument(serviceContext(c), p.spaceId, contentTargetOf(p), p.pageId, computedOpt(c));
}

/** A page's previous, next and parent in the target's reading order. */
export async function listPageMetaLinksOn(c: In<{ param: TargetParams & { pageId: string } }>) {
  const p = c.req.valid("param");
  return presentPageMetaLinks(await readPageMetaLinks(serviceContext(c), p.spaceId, contentTargetOf(p), p.pageId));
}

export async function listFilesOn(c: In<{ param: TargetParams; query: z.output<typeof PageRequestQuery> }>) {
  const p = c.req.valid("param");
  return presentFileList(await listFiles(serviceContext(c), p.spaceId, contentTargetOf(p), c.req.valid("query")));
}

export async function getFileOn(c: In<{ param: TargetParams & { fileId: string } }>) {
  const p = c.req.valid("param");
  return presentFile(await readSignedFile(serviceContext(c), p.spaceId, contentTargetOf(p), p.fileId));
}

export async function getReusableContentOn(c: In<{ param: TargetParams & { reusableContentId: string } }>) {
  const p = c.req.valid("param");
  return readReusableContent(serviceContext(c), p.spaceId, contentTargetOf(p), p.reusableContentId);
}

export async function getReusableContentDocumentOn(c: In<{ param: TargetParams & { reusableContentId: string } }>) {
  const p = c.req.valid("param");
  return readReusableContentDocument(serviceContext(c), p.spaceId, contentTargetOf(p), p.reusableContentId);
}

/**
 * What changed: a revision against its first parent, a change request against its merge base (the last revision
 * it shares with main).
 */
export async function getChangesOn(c: In<{ param: TargetParams; query: z.output<typeof ChangesQuery> }>) {
  const p = c.req.valid("param");
  const target = contentTargetOf(p);
  const before = target.kind === "change-request" ? ({ kind: "merge-base", ref: target.ref } as const) : "first-parent";
  const { limit, content } = c.req.valid("query");
  return readSemanticChanges(serviceContext(c), p.spaceId, target, before, limit, { content });
}

/** The links of the whole target, or of one page when the path names one. */
export async function listLinksOn(
  c: In<{ param: LinkParams & { pageId?: string }; query: z.output<typeof LinkQuery> }>,
) {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await listLinks(ctx, p.spaceId, linkSourceOf(p), c.req.valid("query"), p.pageId);
  return presentLinkList(ctx, view);
}

/** The pages linking to a page or to a file, whichever the route's path names. */
export async function listBacklinksOn(
  c: In<{ param: LinkParams & ({ pageId: string } | { fileId: string }); query: z.output<typeof PageRequestQuery> }>,
) {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const target = "pageId" in p ? { page: p.pageId } : { file: p.fileId };
  const view = await listBacklinks(ctx, p.spaceId, linkSourceOf(p), target, c.req.valid("query"));
  return presentBacklinkList(ctx, view);
}

/** A signed URL of the target's pages (or of one page and its descendants) as PDF. */
export async function getPdfOn(c: In<{ param: TargetParams; query: z.output<typeof PdfQuery> }>) {
  const p = c.req.valid("param");
  return contentPdf(serviceContext(c), p.spaceId, contentTargetOf(p), c.req.valid("query"));
}
