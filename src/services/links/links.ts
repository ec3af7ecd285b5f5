import { eq } from "drizzle-orm";
import type { ContentRef } from "../../content/document";
import { type BodyLinks, type LinkRelation, refKey } from "../../content/links";
import { childrenOf, type FileEntry, type PageEntry, type Snapshot } from "../../content/model";
import { changeRequests, organizations, users } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { mapPage, type Page, pageArray, type PageRequest } from "../../lib/pagination";
import { type Access, organizationAccess } from "../access";
import type { ServiceContext } from "../core";
import {
  type ChangeRequestView,
  openCommentsColumn,
  type ContentTarget,
  loadContents,
  bodyLinks,
  signFileMap,
} from "../revisions";
import type { OrganizationRow } from "../people";
import { foldSpaceCounters, spaceCountersQueries, type SpaceView } from "../spaces";

export type LinkStatus = "ok" | "broken" | "in-app";

/** One target referenced from some pages of a revision, with its status in that revision. */
export interface Usage {
  key: string;
  ref: ContentRef;
  relation: LinkRelation;
  status: LinkStatus;
  /** Ids of the pages whose body holds the link, in tree order. */
  from: string[];
}

/** Where links are listed from: main content, or a change request (compared with its merge base). */
export type LinkSource = { kind: "main" } | { kind: "change-request"; ref: string };

/** Document pages in tree order (depth first), so that locations come in reading order. */
function documentPages(s: Snapshot): string[] {
  const out: string[] = [];
  const walk = (parent: string | null) => {
    for (const id of childrenOf(s, parent)) {
      if (s.pages.get(id)?.type === "document") out.push(id);
      walk(id);
    }
  };
  walk(null);
  return out;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

function isAppURL(url: string, appBase: string) {
  return (
    url === appBase || url.startsWith(`${appBase}/`) || url.startsWith(`${appBase}?`) || url.startsWith(`${appBase}#`)
  );
}

/** Resolves every link of the revision's pages (or of one page) against the revision, grouped by target. */
export function resolveUsages(s: Snapshot, links: Map<string, BodyLinks>, appBase: string, onlyPage?: string): Usage[] {
  const usages = new Map<string, Usage>();
  const anchorsOf = (pageId: string) => {
    const body = s.pages.get(pageId)?.body;
    return (body && links.get(body)?.anchors) || [];
  };
  for (const pageId of onlyPage ? [onlyPage] : documentPages(s)) {
    const body = s.pages.get(pageId)?.body;
    for (const link of (body && links.get(body)?.links) || []) {
      // `#anchor` alone points into the page itself.
      const ref = link.ref.kind === "anchor" && !link.ref.page ? { ...link.ref, page: pageId } : link.ref;
      const key = refKey(ref, link.relation);
      const found = usages.get(key);
      if (found) {
        if (!found.from.includes(pageId)) found.from.push(pageId);
        continue;
      }
      usages.set(key, {
        key,
        ref,
        relation: link.relation,
        status: statusOf(s, ref, anchorsOf, appBase),
        from: [pageId],
      });
    }
  }
  return [...usages.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

function statusOf(s: Snapshot, ref: ContentRef, anchorsOf: (page: string) => string[], appBase: string): LinkStatus {
  const r = ref as Record<string, unknown>;
  switch (ref.kind) {
    case "page":
      return s.pages.has(String(r.page)) ? "ok" : "broken";
    case "anchor":
      return s.pages.has(String(r.page)) && anchorsOf(String(r.page)).includes(String(r.anchor)) ? "ok" : "broken";
    case "file":
      return s.files.has(String(r.file)) ? "ok" : "broken";
    case "url": {
      const url = String(r.url ?? "");
      if (isAppURL(url, appBase)) return "in-app";
      // A relative address that is neither a page nor a file of the space leads nowhere.
      return EXTERNAL.test(url) ? "ok" : "broken";
    }
    default:
      return "ok";
  }
}

/**
 * What every location of a link read shares: the listed revision of the space, its organization, and the change
 * request when the content is one's.
 */
export interface LocationView {
  spaceId: string;
  snapshot: Snapshot;
  organization: { row: OrganizationRow; access: Access };
  space: SpaceView;
  changeRequest?: ChangeRequestView;
}

/** A page of the listed revision, as a location (a link's source, a backlink). */
export interface PageLocation {
  page: PageEntry;
}

/** One target of a link list: its status, and the pages whose bodies link to it, in tree order. */
export interface LinkView {
  status: LinkStatus;
  relation: LinkRelation;
  targetReference: ContentRef;
  locationReferences: PageLocation[];
}

/** A link list (a page of targets with the revision's `stats`), with what presenting its locations needs. */
export interface LinkListView extends Page<LinkView> {
  stats: { total: number; broken: { total: number; changeRequest?: number } };
  location: LocationView;
  missing: MissingTargets;
  /** The signed download URL of every file a listed reference targets (in the revision or missing), by file id. */
  fileURLs: Map<string, string>;
}

/** A backlink list: a page of the pages linking to a target. */
export interface BacklinkListView extends Page<PageLocation> {
  location: LocationView;
}

/**
 * Everything a link read needs in two D1 round trips (three when some bodies were never parsed): the space,
 * change request and snapshots (the change request's and its merge base's), then the cached links of every
 * body, the organization, the space counters and the change request's author.
 */
async function loadLinks(ctx: ServiceContext, spaceId: string, source: LinkSource, withBase: boolean) {
  const targets: ContentTarget[] =
    source.kind === "main"
      ? [{ kind: "main" }]
      : [
          { kind: "change-request", ref: source.ref },
          ...(withBase ? [{ kind: "merge-base" as const, ref: source.ref }] : []),
        ];
  const { space, changeRequest, snapshots } = await loadContents(ctx, spaceId, targets);
  const hashes = snapshots.flatMap((s) => [...s.pages.values()].flatMap((p) => (p.body ? [p.body] : [])));
  const orgId = space.row.organizationId;
  const { links, extra } = await bodyLinks(ctx, spaceId, hashes, [
    ctx.db.select().from(organizations).where(eq(organizations.id, orgId)).limit(1),
    ctx.db
      .select()
      .from(users)
      .where(eq(users.id, changeRequest?.createdBy ?? ""))
      .limit(1),
    ctx.db
      .select({ openComments: openCommentsColumn })
      .from(changeRequests)
      .where(eq(changeRequests.id, changeRequest?.id ?? "")),
    spaceCountersQueries(ctx, [spaceId]),
  ]);
  const [orgRows, authorRows, crComments, counterRows] = extra;
  if (!orgRows[0]) throw notFound("Space");
  const counters = foldSpaceCounters([spaceId], counterRows.flat()).get(spaceId)!;
  const location: LocationView = {
    spaceId,
    snapshot: snapshots[0],
    organization: { row: orgRows[0], access: organizationAccess(ctx.caller, orgId) },
    space: { row: space.row, access: space.access, counters },
    ...(changeRequest
      ? {
          changeRequest: {
            row: changeRequest,
            author: authorRows[0],
            mainRevision: space.row.revisionId,
            space,
            comments: Number(crComments[0]?.openComments ?? 0),
          },
        }
      : {}),
  };
  return { head: snapshots[0], base: snapshots[1] as Snapshot | undefined, links, location };
}

export interface LinkListQuery extends PageRequest {
  status?: LinkStatus;
  brokenContext?: "change-request" | "space";
}

/**
 * listSpaceLinks, listPageLinksInSpace and their change-request forms: usages with `stats`, plus what presenting
 * them needs (the location, and what the comparison revision knows of targets the listed one lacks).
 */
export async function listLinks(
  ctx: ServiceContext,
  spaceId: string,
  source: LinkSource,
  query: LinkListQuery,
  pageId?: string,
): Promise<LinkListView> {
  const { head, base, links, location } = await loadLinks(ctx, spaceId, source, true);
  if (pageId !== undefined && !head.pages.has(pageId)) throw notFound("Page");
  const all = resolveUsages(head, links, ctx.urls.app, pageId);
  const broken = all.filter((u) => u.status === "broken");
  let introduced: Set<string> | undefined;
  if (base) {
    const scope = pageId === undefined || base.pages.has(pageId);
    const before = scope ? resolveUsages(base, links, ctx.urls.app, pageId) : [];
    const brokenBefore = new Set(before.filter((u) => u.status === "broken").map((u) => u.key));
    introduced = new Set(broken.filter((u) => !brokenBefore.has(u.key)).map((u) => u.key));
  }
  const stats = {
    total: all.length,
    broken: { total: broken.length, ...(introduced ? { changeRequest: introduced.size } : {}) },
  };
  const onlyIntroduced = query.brokenContext === "change-request" && introduced;
  const matching = all.filter(
    (u) =>
      !query.status ||
      (u.status === query.status && (query.status !== "broken" || !onlyIntroduced || introduced!.has(u.key))),
  );
  const page = pageArray(matching, (u) => u.key, query);
  const missing = missingTargets(
    [head, ...(base ? [base] : [])],
    page.items.map((u) => u.ref),
  );
  const items = page.items.map(
    (u): LinkView => ({
      status: u.status,
      relation: u.relation,
      targetReference: u.ref,
      locationReferences: u.from.map((id) => ({ page: head.pages.get(id)! })),
    }),
  );
  // The files listed references target, in the revision or missing from it, signed once each.
  const targetFiles = new Map<string, FileEntry>();
  for (const ref of page.items.map((u) => u.ref as Record<string, unknown>)) {
    const file = ref.kind === "file" && typeof ref.file === "string" ? ref.file : "";
    const entry = head.files.get(file) ?? missing.files.get(file);
    if (entry) targetFiles.set(file, entry);
  }
  return { ...page, items, stats, location, missing, fileURLs: await signFileMap(ctx, spaceId, targetFiles) };
}

/** Pages and files that references name but the listed revision lacks, as the space last recorded them. */
export interface MissingTargets {
  pages: Map<string, PageEntry>;
  files: Map<string, FileEntry>;
}

/**
 * What the comparison revision (a change request's merge base, already loaded) knows about the pages and files
 * that broken references name but the listed revision lacks, so a page deleted in the change request keeps its
 * title. Anything else is presented by id alone: searching the space's history would make this read grow with
 * the space.
 */
function missingTargets(snapshots: Snapshot[], refs: ContentRef[]): MissingTargets {
  const found: MissingTargets = { pages: new Map(), files: new Map() };
  const [head, ...earlier] = snapshots;
  for (const ref of refs) {
    const r = ref as Record<string, unknown>;
    const page =
      (ref.kind === "page" || ref.kind === "anchor") && typeof r.page === "string" && !head.pages.has(r.page)
        ? r.page
        : undefined;
    const file = ref.kind === "file" && typeof r.file === "string" && !head.files.has(r.file) ? r.file : undefined;
    for (const s of earlier) {
      if (page && !found.pages.has(page) && s.pages.has(page)) found.pages.set(page, s.pages.get(page)!);
      if (file && !found.files.has(file) && s.files.has(file)) found.files.set(file, s.files.get(file)!);
    }
  }
  return found;
}

export type BacklinkTarget = { page: string } | { file: string };

/** listSpacePageBacklinks, listSpaceFileBacklinks and their change-request forms: the pages linking to it. */
export async function listBacklinks(
  ctx: ServiceContext,
  spaceId: string,
  source: LinkSource,
  target: BacklinkTarget,
  query: PageRequest,
): Promise<BacklinkListView> {
  const { head, links, location } = await loadLinks(ctx, spaceId, source, false);
  if ("page" in target ? !head.pages.has(target.page) : !head.files.has(target.file))
    throw notFound("page" in target ? "Page" : "File");
  const from = new Set<string>();
  for (const usage of resolveUsages(head, links, ctx.urls.app)) {
    const r = usage.ref as Record<string, unknown>;
    const hit =
      "page" in target
        ? (usage.ref.kind === "page" || usage.ref.kind === "anchor") && r.page === target.page
        : usage.ref.kind === "file" && r.file === target.file;
    if (hit) for (const id of usage.from) from.add(id);
  }
  const page = pageArray([...from].sort(), (id) => id, query);
  return { ...mapPage(page, (id): PageLocation => ({ page: head.pages.get(id)! })), location };
}
