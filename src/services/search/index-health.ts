import { sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { inBatch } from "../../db/client";
import { spaceRead, withSpaceAccess } from "../access";
import type { ServiceContext } from "../core";
import { checkSpace } from "../revisions";
import { indexDiff, queueSearchIndex } from "./search-index";

/*
 * The operator's check of a space's search index against its main revision, and its repair. The indexer trusts
 * search_index_state ("the index is at revision R") and search_pages ("page P is indexed with this title, path and
 * body"); the check trusts neither: it diffs the revision's pages with search_pages and looks for indexed pages
 * without a section row, so it also finds an index that says it is done and is not. O(space): a tool, not a read.
 */

export interface SearchIndexHealthView {
  spaceId: string;
  revisionId: string;
  /** The revision search_index_state says the index is at (null: never finished). */
  indexedRevisionId: string | null;
  expectedPages: number;
  indexedPages: number;
  /** Pages of the revision not in the index. */
  missingPages: number;
  /** Indexed pages whose title or body changed since. */
  stalePages: number;
  /** Indexed pages whose path changed since. */
  movedPages: number;
  /** Indexed pages the revision no longer has (or no longer indexes). */
  extraPages: number;
  /** Indexed pages with no section row: their text cannot be found. */
  pagesWithoutSections: number;
  upToDate: boolean;
}

async function health(ctx: ServiceContext, spaceId: string): Promise<SearchIndexHealthView> {
  const [spaceRows, stateRows, sectionless] = await batch(ctx.db, [
    spaceRead(ctx.db, spaceId),
    inBatch(
      ctx.db,
      ctx.db.all<{ revisionId: string | null }>(
        sql`SELECT revision_id AS revisionId FROM search_index_state WHERE space_id = ${spaceId}`,
      ),
    ),
    inBatch(
      ctx.db,
      ctx.db.all<{ pageId: string }>(sql`SELECT p.page_id AS pageId FROM search_pages p WHERE p.space_id = ${spaceId}
        AND NOT EXISTS (SELECT 1 FROM search_sections s WHERE s.space_id = p.space_id AND s.page_id = p.page_id)`),
    ),
  ]);
  const space = checkSpace(await withSpaceAccess(ctx, spaceRows), "space.admin", ctx.caller);
  const { revision, expected, indexed, diff } = await indexDiff(ctx, spaceId, space.row.organizationId);
  const removed = new Set(diff.removed);
  const indexedIds = new Set(indexed.map((p) => p.pageId));
  const missing = diff.reindex.filter((page) => !indexedIds.has(page.pageId)).length;
  const view = {
    spaceId,
    revisionId: revision.id,
    indexedRevisionId: stateRows[0]?.revisionId ?? null,
    expectedPages: expected.size,
    indexedPages: indexed.length,
    missingPages: missing,
    stalePages: diff.reindex.length - missing,
    movedPages: diff.moved.length,
    extraPages: removed.size,
    pagesWithoutSections: sectionless.filter((row) => !removed.has(row.pageId)).length,
  };
  const upToDate =
    view.indexedRevisionId === revision.id &&
    view.missingPages + view.stalePages + view.movedPages + view.extraPages + view.pagesWithoutSections === 0;
  return { ...view, upToDate };
}

/** getSpaceSearchIndex: the index checked against the space's main revision (space admins). */
export function checkSearchIndex(ctx: ServiceContext, spaceId: string): Promise<SearchIndexHealthView> {
  return health(ctx, spaceId);
}

/**
 * repairSpaceSearchIndex: checks the index and, unless it is up to date, forgets what it cannot trust (the state
 * row, and the page rows of pages without sections, so their diff sees them as missing) and queues a search-index
 * job, which re-indexes what differs and continues past INDEX_PAGES_PER_RUN. Answers the check as it was before.
 */
export async function repairSearchIndex(
  ctx: ServiceContext,
  spaceId: string,
): Promise<SearchIndexHealthView & { repairQueued: boolean }> {
  const view = await health(ctx, spaceId);
  if (view.upToDate) return { ...view, repairQueued: false };
  await batch(ctx.db, [
    inBatch(ctx.db, ctx.db.run(sql`DELETE FROM search_index_state WHERE space_id = ${spaceId}`)),
    inBatch(
      ctx.db,
      ctx.db.run(sql`DELETE FROM search_pages WHERE space_id = ${spaceId} AND NOT EXISTS (SELECT 1 FROM search_sections s
        WHERE s.space_id = search_pages.space_id AND s.page_id = search_pages.page_id)`),
    ),
  ]);
  await queueSearchIndex({ db: ctx.db, env: ctx.env, now: Date.now() }, spaceId, { throwOnLostSend: true });
  return { ...view, repairQueued: true };
}
