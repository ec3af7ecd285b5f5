import { markdownToDocument } from "../content/markdown";
import { type EncodedJson, encodeJson } from "../lib/encoded-json";
import * as isolate from "../lib/isolate-caches";
import type { Page } from "../lib/pagination";
import type { ServiceContext } from "../services/core";
import type { PageReadView, SignedFile } from "../services/revisions";
import type { ContentRef } from "../wire/content-ref";
import type { PageLayout, RevisionFile, RevisionFileList, RevisionPage, RevisionPages } from "../wire/revision";
import { childrenOf, type ComputedSourceJSON, type PageEntry, pagePath, type Snapshot } from "../content/model";
import type { JSONDocument } from "../content/document";

const DEFAULT_LAYOUT: PageLayout = {
  width: "default",
  cover: true,
  coverSize: "hero",
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  coverMask: "none",
  tags: true,
  actions: true,
  anchors: true,
};

export function spaceAppURL(ctx: ServiceContext, spaceId: string) {
  return `${ctx.urls.app}/s/${spaceId}`;
}

/** A page's `urls.app`, by its path (also where `format=html` sends links to the page). */
export function pageAppURL(ctx: ServiceContext, spaceId: string, path: string) {
  return `${spaceAppURL(ctx, spaceId)}/${path}`;
}

interface PageCommon {
  id: string;
  title: string;
  emoji?: string;
  icon?: string;
  createdAt?: string;
  updatedAt?: string;
}

export interface PresentedDocumentPage extends PageCommon {
  kind: "sheet";
  type: "document";
  urls: { app: string };
  slug: string;
  path: string;
  description?: string;
  pages: PresentedChildPage[];
  layout: PageLayout;
  tags: [];
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  documentId?: string;
  /** A page generated from a computed page: its document source and seed (and no documentId). */
  computed?: ComputedSourceJSON;
  computedSeed?: string;
  markdown?: string;
  document?: JSONDocument;
  condition?: string;
}

export interface PresentedGroupPage extends PageCommon {
  kind: "group";
  type: "group";
  slug: string;
  path: string;
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  pages: PresentedChildPage[];
}

export interface PresentedLinkPage extends PageCommon {
  kind: "link";
  type: "link";
  target: ContentRef;
  href?: string;
  hidden?: boolean;
}

/** A computed page read unexpanded (`computed=false`): its source. */
export interface PresentedComputedPage extends PageCommon {
  type: "computed";
  computed: ComputedSourceJSON;
}

/** A page nested in another: groups are only at the top level. */
export type PresentedChildPage = PresentedDocumentPage | PresentedLinkPage | PresentedComputedPage;

/** A page as served: the reference's RevisionPage union. */
export type PresentedPage = PresentedDocumentPage | PresentedGroupPage | PresentedLinkPage | PresentedComputedPage;
// The wire's RevisionPage with `pages` typed (its schema's recursive getter infers `unknown[]`): each presented
// page is one the schema accepts.
true satisfies PresentedPage extends RevisionPage ? true : false;

/** A page of the reference's RevisionPage union; children nested in `pages`. Bodies are added by the caller. */
export function presentPage(ctx: ServiceContext, spaceId: string, s: Snapshot, id: string): PresentedPage {
  const page = s.pages.get(id)!;
  const path = pagePath(s, id);
  const common = {
    id: page.id,
    title: page.title,
    ...(page.emoji ? { emoji: page.emoji } : {}),
    ...(page.icon ? { icon: page.icon } : {}),
    createdAt: new Date(page.createdAt).toISOString(),
    updatedAt: new Date(page.updatedAt).toISOString(),
  };
  const flags = {
    hidden: page.hidden ?? false,
    noIndex: page.noIndex ?? false,
    noRobotsIndex: page.noRobotsIndex ?? false,
  };
  // Groups sit only at the top level of the reference's tree (Quire creates none yet).
  const children = childrenOf(s, id).map((child) => presentPage(ctx, spaceId, s, child) as PresentedChildPage);
  if (page.type === "link") {
    return {
      ...common,
      kind: "link",
      type: "link",
      // Stored as the ContentRef it was written with.
      target: (page.target as ContentRef | undefined) ?? { kind: "url", url: page.href ?? "" },
      ...(page.href ? { href: page.href } : {}),
      hidden: flags.hidden,
    };
  }
  if (page.type === "computed") return { ...common, type: "computed", computed: page.computed ?? { type: "" } };
  if (page.type === "group") {
    return { ...common, kind: "group", type: "group", slug: page.slug, path, ...flags, pages: children };
  }
  return {
    ...common,
    kind: "sheet",
    type: "document",
    urls: { app: pageAppURL(ctx, spaceId, path) },
    slug: page.slug,
    path,
    ...(page.description ? { description: page.description } : {}),
    pages: children,
    layout: pageLayout(page),
    tags: [],
    ...(page.condition ? { condition: page.condition } : {}),
    ...flags,
    ...(page.body ? { documentId: page.body } : {}),
    ...(page.computed ? { computed: page.computed, computedSeed: page.computedSeed ?? page.id } : {}),
  };
}

/** A page's layout options over the defaults (frontmatter and the API write only the reference's values). */
export function pageLayout(page: Pick<PageEntry, "layout">): PageLayout {
  return { ...DEFAULT_LAYOUT, ...(page.layout ?? {}) } as PageLayout;
}

/**
 * Presented page trees by snapshot and URL bases. A snapshot is immutable and the isolate's cache hands the same
 * object to every read of its revision (services/revisions/snapshot-cache.ts), so its tree is presented once;
 * the tree is frozen, as every caller only serializes it.
 */
const presentedTrees = isolate.presentedTrees.store as WeakMap<Snapshot, Map<string, PresentedPage[]>>;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** What `build` gives for a snapshot and the request's URL bases, made once per snapshot and bases. */
function perSnapshot<T>(
  kept: WeakMap<Snapshot, Map<string, T>>,
  ctx: ServiceContext,
  spaceId: string,
  s: Snapshot,
  build: () => T,
): T {
  const key = `${spaceId} ${ctx.urls.api} ${ctx.urls.app}`;
  let byBases = kept.get(s);
  if (!byBases) {
    byBases = new Map();
    kept.set(s, byBases);
  }
  let value = byBases.get(key);
  if (value === undefined) {
    value = build();
    byBases.set(key, value);
  }
  return value;
}

export function presentPages(ctx: ServiceContext, spaceId: string, s: Snapshot): PresentedPage[] {
  return perSnapshot(presentedTrees, ctx, spaceId, s, () =>
    deepFreeze(childrenOf(s, null).map((id) => presentPage(ctx, spaceId, s, id))),
  );
}

/** A file as served: its download URL was signed by the service that read it. */
export function presentFile(file: SignedFile): RevisionFile {
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: file.downloadURL,
    size: file.size,
    ...(file.dimensions ? { dimensions: file.dimensions } : {}),
  };
}

export type PageFormat = "markdown" | "document";

/** The body part of a page read: `markdown` (default) or `document`. */
export function pageBody(
  markdown: string,
  format: PageFormat | undefined,
  toDocument: (md: string) => JSONDocument,
): Pick<PresentedDocumentPage, "markdown" | "document"> {
  return format === "document" ? { document: toDocument(markdown) } : { markdown };
}

/** A page read with its body as markdown (default) or as the reference's document JSON. */
export function presentPageRead(
  ctx: ServiceContext,
  spaceId: string,
  view: PageReadView,
  format?: PageFormat,
): RevisionPage {
  const presented = presentPage(ctx, spaceId, view.snapshot, view.page.id);
  if (view.markdown === undefined) return presented;
  return { ...presented, ...pageBody(view.markdown, format, markdownToDocument) };
}

/**
 * Page lists as UTF-8 JSON, by snapshot and URL bases. Serializing a large tree was a third of a warm
 * `listPages`' JavaScript (half a megabyte for 1,000 pages); a snapshot never changes, so neither does its list.
 */
const encodedPageLists = isolate.encodedPageLists.store as WeakMap<
  Snapshot,
  Map<string, EncodedJson<PresentedPageList>>
>;
type PresentedPageList = { pages: PresentedPage[] };

/**
 * A page list (listPages and its revision and change-request forms), `{"pages": [...]}` with the top-level pages
 * and their children nested, as the JSON bytes of the response body.
 */
export function presentPageListJson(
  ctx: ServiceContext,
  spaceId: string,
  snapshot: Snapshot,
): EncodedJson<RevisionPages> {
  return perSnapshot(encodedPageLists, ctx, spaceId, snapshot, () =>
    encodeJson<PresentedPageList>({ pages: presentPages(ctx, spaceId, snapshot) }),
  );
}

export function presentFileList(page: Page<SignedFile>): RevisionFileList {
  return { ...page, items: page.items.map(presentFile) };
}

export type { PageEntry };
