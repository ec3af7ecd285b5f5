import { and, eq, type SQL, sql } from "drizzle-orm";
import { pageByPath } from "../../content/model";
import {
  assemblePageSnapshot,
  type PageLocator,
  type PageNodeRow,
  pageNodesQuery,
  type PageSnapshot,
} from "../../content/page-snapshot";
import type { RevisionRow, StoredSnapshot } from "../../content/snapshot-store";
import { batch, type Statement } from "../../db/batch";
import type { Db } from "../../db/client";
import { changeRequests, revisions } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { type SpaceWithAccess, spaceRead, withSpaceAccess } from "../access";
import type { ServiceContext } from "../core";
import { cacheBody } from "./body-cache";
import { computedPagesOf } from "./computed";
import {
  changeRequestWhere,
  checkSpace,
  type ContentTarget,
  loadSnapshot,
  namedRevision,
  pointerOf,
  revisionIdSql,
} from "./content-load";
import {
  cachedPageSnapshot,
  cachedSnapshot,
  cachePageSnapshot,
  heldLevels,
  keepLevels,
  lastRevisionOf,
  rememberRevisionOf,
} from "./snapshot-cache";

/** The whole revision, or the part of it one page read needs. */
export type PageContent = StoredSnapshot | PageSnapshot;

export interface LoadedPage {
  space: SpaceWithAccess;
  snapshot: PageContent;
  /** What the isolate expected the target to hold, which `alongside` was built for. */
  expected?: PageContent;
  alongside: unknown[];
}

/** A revision's row and the level nodes one page read needs but does not hold (content/page-snapshot.ts). */
function pageReads(db: Db, spaceId: string, revisionId: SQL, locator: PageLocator, held: Map<string, string>) {
  return [
    db
      .select()
      .from(revisions)
      .where(and(sql`${revisions.id} = (${revisionId})`, eq(revisions.spaceId, spaceId)))
      .limit(1),
    pageNodesQuery(db, spaceId, revisionId, locator, [...held.keys()]),
  ] as const;
}

const findIn = (snapshot: PageContent, locator: PageLocator) =>
  "id" in locator ? snapshot.pages.get(locator.id) : pageByPath(snapshot, locator.path);

/**
 * Whether a page snapshot can answer the read: the locator knew the page (a revision written before locators
 * existed has none), and no computed page in it would read differently once expanded (a generated page is
 * found only in the whole, expanded revision).
 */
function answers(snapshot: PageSnapshot, locator: PageLocator, computed: boolean) {
  if ("id" in locator && !snapshot.revision.locatorNode) return false;
  if (!findIn(snapshot, locator)) return false;
  return !(computed && computedPagesOf(snapshot).length);
}

/**
 * A page snapshot from `pageReads`' rows and the levels held when they were asked for, kept by this isolate when
 * it answers for its page; the levels and the page's body that came with it are kept too (readBody finds it).
 */
function pageSnapshotOf(
  [[revision], nodes]: [RevisionRow[], PageNodeRow[]],
  locator: PageLocator,
  held: Map<string, string>,
) {
  if (!revision) return undefined;
  for (const row of nodes) if (row.role === "body") cacheBody(revision.spaceId, row.hash, row.data);
  keepLevels(
    revision.spaceId,
    nodes.filter((row) => row.role === "level"),
  );
  const { snapshot, bytes } = assemblePageSnapshot(revision, nodes, held);
  if (answers(snapshot, locator, true)) cachePageSnapshot(snapshot, locator, bytes);
  return snapshot;
}

/**
 * One page's content in one D1 round trip, with the space (authorized to view content) and the change request
 * a target names. A revision the isolate holds is used whole. Otherwise only the levels on the page's path and
 * under it are read (O(depth) rows, however many pages the revision has; levels the isolate holds are not sent
 * back), with the page's body, and kept for the next read of that page. As in loadContents, a target whose
 * snapshot the isolate expects reads nothing more than its row; one that moved on costs a second round trip. A
 * page the part cannot answer for (unknown to the locator, or under computed pages) is read from the whole
 * revision, one more round trip.
 */
export async function loadPage(
  ctx: ServiceContext,
  spaceId: string,
  target: ContentTarget,
  locator: PageLocator,
  opts: { computed?: boolean; alongside?: (expected: PageContent | undefined) => Statement[] } = {},
): Promise<LoadedPage> {
  const pointer = pointerOf(spaceId, target);
  const last = target.kind === "revision" ? target.revisionId : pointer && lastRevisionOf(pointer);
  const holding = (revisionId: string) =>
    cachedSnapshot(revisionId, spaceId) ?? cachedPageSnapshot(revisionId, spaceId, locator);
  const expected = last ? holding(last) : undefined;
  const held = expected ? new Map<string, string>() : heldLevels(spaceId);
  const crRef = "ref" in target ? target.ref : undefined;
  const [spaceRows, crRows, read, alongside] = await batch(ctx.db, [
    spaceRead(ctx.db, spaceId),
    crRef ? ctx.db.select().from(changeRequests).where(changeRequestWhere(spaceId, crRef)).limit(1) : undefined,
    expected ? undefined : pageReads(ctx.db, spaceId, revisionIdSql(spaceId, target), locator, held),
    opts.alongside?.(expected) ?? [],
  ]);
  const space = checkSpace(await withSpaceAccess(ctx, spaceRows), "space.viewContent", ctx.caller);
  const changeRequest = crRows?.[0];
  if (crRef && !changeRequest) throw notFound("Change request");
  let snapshot: PageContent | undefined;
  if (read) snapshot = pageSnapshotOf(read, locator, held);
  else {
    const named = namedRevision(target, space.row, changeRequest);
    if (named && named === expected?.revision.id) snapshot = expected;
    else if (named) {
      const levels = heldLevels(spaceId);
      snapshot =
        holding(named) ??
        pageSnapshotOf(
          await batch(ctx.db, pageReads(ctx.db, spaceId, sql`SELECT ${named}`, locator, levels)),
          locator,
          levels,
        );
    }
  }
  if (!snapshot) throw notFound("Revision");
  if (pointer) rememberRevisionOf(pointer, snapshot.revision.id);
  if ("partial" in snapshot && !answers(snapshot, locator, opts.computed ?? false)) {
    snapshot = await loadSnapshot(ctx, spaceId, snapshot.revision.id);
  }
  return { space, snapshot, expected, alongside: alongside as unknown[] };
}
