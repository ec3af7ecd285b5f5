import { pageByPath, readingOrder, type Snapshot } from "../../content/model";
import { notFound } from "../../lib/errors";
import { type ChangeRequestView, getChangeRequest, type ContentTarget, listPages } from "../revisions";
import type { ServiceContext } from "../core";
import { type CollectionView, getCollection, getSpace, type SpaceView } from "../spaces";
import { loadPublishedSite } from "./site-load";
import { resolveSitePath } from "./site-paths";
import { decodedSegments, locatePublishedUrl, type PublishedUrl, parseUrl, pathUnder } from "./url-location";

// getContentByUrl: what a Quire URL names, for a caller who may read it. App URLs as the presenters write them
// (`{app}/o/{org}/c/{collection}`, `{app}/o/{org}/s/{space}`, `{app}/s/{space}[/~/changes/{number}][/{page path}]`)
// and published URLs (`{api}/~site/{siteId}/…`, custom hosts), read with the caller's own access.

export type ContentByUrl =
  | { kind: "collection"; collection: CollectionView }
  | {
      kind: "space";
      space: SpaceView;
      changeRequest?: ChangeRequestView;
      /** The page the URL names, in the snapshot it was found in (documents and groups only). */
      page?: { snapshot: Snapshot; pageId: string };
    };

const nothingThere = () => notFound("Content");

/** Resolves `raw` to the collection, or the space (with its change request and page) it names; 404 otherwise. */
export async function resolveContentUrl(ctx: ServiceContext, raw: string): Promise<ContentByUrl> {
  const url = parseUrl(raw, "query.url");
  const inApp = pathUnder(url, ctx.urls.app);
  const segments = inApp === undefined ? undefined : decodedSegments(inApp);
  const fromApp = segments && (await resolveAppPath(ctx, segments));
  if (fromApp) return fromApp;
  const published = await locatePublishedUrl(ctx, url);
  if (published) return resolvePublishedPath(ctx, published);
  throw nothingThere();
}

/** An app path's content; undefined when the path is not one the app's URLs take. */
async function resolveAppPath(ctx: ServiceContext, segments: string[]): Promise<ContentByUrl | undefined> {
  const [first, second, third, fourth, ...rest] = segments;
  if (first === "o" && second && third === "c" && fourth && !rest.length) {
    const collection = await getCollection(ctx, fourth);
    if (collection.row.organizationId !== second) throw nothingThere();
    return { kind: "collection", collection };
  }
  if (first === "o" && second && third === "s" && fourth) return spaceContent(ctx, fourth, rest, second);
  if (first === "s" && second) return spaceContent(ctx, second, segments.slice(2));
  return undefined;
}

/** A space, with the change request (`~/changes/{number}`) and the page (its path) that follow it. */
async function spaceContent(
  ctx: ServiceContext,
  spaceId: string,
  rest: string[],
  organizationId?: string,
): Promise<ContentByUrl> {
  let changeRequestRef: string | undefined;
  let path = rest;
  if (rest[0] === "~") {
    if (rest[1] !== "changes" || !rest[2]) throw nothingThere();
    changeRequestRef = rest[2];
    path = rest.slice(3);
  }
  const target: ContentTarget = changeRequestRef ? { kind: "change-request", ref: changeRequestRef } : { kind: "main" };
  const [space, changeRequest, snapshot] = await Promise.all([
    getSpace(ctx, spaceId),
    changeRequestRef ? getChangeRequest(ctx, spaceId, changeRequestRef) : undefined,
    path.length ? listPages(ctx, spaceId, target, { computed: true }) : undefined,
  ]);
  if (organizationId !== undefined && space.row.organizationId !== organizationId) throw nothingThere();
  const page = snapshot ? pageByPath(snapshot, path.join("/")) : undefined;
  if (snapshot && page?.type !== "document" && page?.type !== "group") throw notFound("Page");
  return {
    kind: "space",
    space,
    ...(changeRequest ? { changeRequest } : {}),
    ...(snapshot && page ? { page: { snapshot, pageId: page.id } } : {}),
  };
}

/**
 * A published URL's space and page, for a caller reading with their own access (members see every section and
 * site space, whatever the conditions of adaptive content say): the page by path in the site space's current
 * revision, or its first page at its root.
 */
async function resolvePublishedPath(ctx: ServiceContext, at: PublishedUrl): Promise<ContentByUrl> {
  const data = await loadPublishedSite(ctx.db, at.siteId, {});
  const location = data && resolveSitePath(data, at.segments);
  if (!location) throw nothingThere();
  const { spaceId, revisionId } = location.siteSpace;
  const [space, snapshot] = await Promise.all([
    getSpace(ctx, spaceId),
    listPages(ctx, spaceId, { kind: "revision", revisionId }, { computed: true }),
  ]);
  const page = location.pagePath ? pageByPath(snapshot, location.pagePath) : readingOrder(snapshot)[0];
  if (location.pagePath && page?.type !== "document" && page?.type !== "group") throw notFound("Page");
  return { kind: "space", space, ...(page ? { page: { snapshot, pageId: page.id } } : {}) };
}
