import type { ContentRef, KnownContentRef } from "../content/document";
import type { FileEntry, PageEntry, Snapshot } from "../content/model";
import { urlFromRef } from "../content/document";
import { mapPage } from "../lib/pagination";
import type { ServiceContext } from "../services/core";
import type { BacklinkListView, LinkListView, LocationView, MissingTargets } from "../services/links";
import { presentChangeRequest } from "./change-request";
import { type PresentedPage, pageLayout, presentFile, presentPage, spaceAppURL } from "./content";
import { presentOrganization } from "./organization";
import { presentSpace } from "./space";
import type { ChangeRequest } from "../wire/change-request";
import type { ContentLocationList, ContentReferenceUsageList } from "../wire/links";
import type { Organization } from "../wire/organization";
import type { RevisionFile } from "../wire/revision";
import type { Space } from "../wire/space";

/** What every location of one space's content shares: its organization, space and version context. */
export interface LocationContext {
  ctx: ServiceContext;
  spaceId: string;
  snapshot: Snapshot;
  organization: Organization;
  space: Space;
  /** The signed download URLs of the files locations may show, by file id (the service signed them). */
  fileURLs: Map<string, string>;
  /** Set for change-request content; main content carries none (the field is optional). */
  versionContext?: { type: "changeRequest"; changeRequest: ChangeRequest };
}

/**
 * A page the revision lacks, as a full RevisionPage: its last recorded metadata when the space has any, else
 * only the id the link names (a page never seen here), which then doubles as its title (titles are never
 * empty). It has no place in this revision's tree: an empty path, no child pages, the space's app URL.
 */
function missingPage(ctx: ServiceContext, spaceId: string, id: string, entry: PageEntry | undefined): PresentedPage {
  const common = {
    id,
    title: entry?.title || id,
    ...(entry?.emoji ? { emoji: entry.emoji } : {}),
    ...(entry?.icon ? { icon: entry.icon } : {}),
    ...(entry
      ? { createdAt: new Date(entry.createdAt).toISOString(), updatedAt: new Date(entry.updatedAt).toISOString() }
      : {}),
  };
  if (entry?.type === "link") {
    const target = (entry.target as KnownContentRef | undefined) ?? { kind: "url" as const, url: entry.href ?? "" };
    return { ...common, kind: "link", type: "link", target, ...(entry.href ? { href: entry.href } : {}) };
  }
  if (entry?.type === "group")
    return { ...common, kind: "group", type: "group", slug: entry.slug, path: "", pages: [] };
  return {
    ...common,
    kind: "sheet",
    type: "document",
    urls: { app: spaceAppURL(ctx, spaceId) },
    slug: entry?.slug ?? id,
    path: "",
    ...(entry?.description ? { description: entry.description } : {}),
    pages: [],
    layout: pageLayout(entry ?? {}),
    tags: [],
  };
}

/** Builds ContentLocation objects (pages and files presented once each, however often they appear). */
export function locationPresenter(lc: LocationContext) {
  const pages = new Map<string, PresentedPage>();
  const files = new Map<string, RevisionFile>();
  const fileOf = (entry: FileEntry) => presentFile({ ...entry, downloadURL: lc.fileURLs.get(entry.id) ?? "" });
  const common = () => ({
    organization: lc.organization,
    space: lc.space,
    ...(lc.versionContext ? { versionContext: lc.versionContext } : {}),
  });
  const page = (id: string, anchor?: string) => {
    if (!pages.has(id)) pages.set(id, presentPage(lc.ctx, lc.spaceId, lc.snapshot, id));
    return {
      kind: "page" as const,
      ...common(),
      page: pages.get(id)!,
      ...(anchor ? { internalLocation: { type: "anchor" as const, anchor } } : {}),
    };
  };
  const file = (id: string) => {
    if (!files.has(id)) files.set(id, fileOf(lc.snapshot.files.get(id)!));
    return { kind: "file" as const, ...common(), file: files.get(id)! };
  };
  /** A page or file that the revision lacks, presented from what the space last recorded of it. */
  const missingLocation = (ref: ContentRef, missing: MissingTargets) => {
    const r = ref as Record<string, string | undefined>;
    if (ref.kind === "file") {
      const entry = missing.files.get(r.file!);
      // A file never stored in this space has no bytes to download: an empty URL, size 0.
      const presented = entry ? fileOf(entry) : { id: r.file!, name: "", contentType: "", downloadURL: "", size: 0 };
      return { kind: "file" as const, ...common(), file: presented };
    }
    const anchor =
      ref.kind === "anchor" && r.anchor ? { internalLocation: { type: "anchor" as const, anchor: r.anchor } } : {};
    return {
      kind: "page" as const,
      ...common(),
      page: missingPage(lc.ctx, lc.spaceId, r.page!, missing.pages.get(r.page!)),
      ...anchor,
    };
  };
  /**
   * The location a reference points at, of the kind its markdown wrote (`/pages/<id>`, `/pages/<id>#a`,
   * `/files/<id>`), whether or not the target is still in the revision (a broken link keeps its kind).
   */
  const target = (ref: ContentRef, missing: MissingTargets = { pages: new Map(), files: new Map() }) => {
    const r = ref as Record<string, string | undefined>;
    const inRevision = ref.kind === "file" ? lc.snapshot.files.has(r.file ?? "") : lc.snapshot.pages.has(r.page ?? "");
    if ((ref.kind === "page" || ref.kind === "anchor") && r.page)
      return inRevision ? page(r.page, ref.kind === "anchor" ? r.anchor : undefined) : missingLocation(ref, missing);
    if (ref.kind === "file" && r.file) return inRevision ? file(r.file) : missingLocation(ref, missing);
    return { kind: "url" as const, url: urlFromRef(ref) ?? String(r.url ?? "") };
  };
  return { page, file, target };
}

function locationContext(
  ctx: ServiceContext,
  view: LocationView,
  fileURLs = new Map<string, string>(),
): LocationContext {
  return {
    ctx,
    fileURLs,
    spaceId: view.spaceId,
    snapshot: view.snapshot,
    organization: presentOrganization(view.organization.row, view.organization.access, ctx.urls),
    space: presentSpace(view.space, ctx.urls),
    ...(view.changeRequest
      ? {
          versionContext: {
            type: "changeRequest" as const,
            changeRequest: presentChangeRequest(ctx, view.changeRequest),
          },
        }
      : {}),
  };
}

/** listSpaceLinks, listPageLinksInSpace and their change-request forms. */
export function presentLinkList(
  ctx: ServiceContext,
  { location, missing, fileURLs, ...list }: LinkListView,
): ContentReferenceUsageList {
  const present = locationPresenter(locationContext(ctx, location, fileURLs));
  const items = list.items.map((link) => ({
    status: link.status,
    relation: link.relation,
    targetReference: present.target(link.targetReference, missing),
    locationReferences: link.locationReferences.map((l) => present.page(l.page.id)),
  }));
  return { ...list, items };
}

/** listSpacePageBacklinks, listSpaceFileBacklinks and their change-request forms. */
export function presentBacklinkList(ctx: ServiceContext, { location, ...list }: BacklinkListView): ContentLocationList {
  const present = locationPresenter(locationContext(ctx, location));
  return mapPage(list, (l) => present.page(l.page.id));
}
