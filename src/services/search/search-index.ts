import { and, eq, inArray, sql } from "drizzle-orm";
import { type IndexedSection, pageSections } from "../../content/search";
import { pagePath, type Snapshot } from "../../content/model";
import { assembleSnapshot, revisionNodesQuery } from "../../content/snapshot-store";
import { batch } from "../../db/batch";
import { type Db, inBatch } from "../../db/client";
import { contentBlobs, jobs, revisions, searchIndexState, searchPages, spaces } from "../../db/schema";
import { chunk } from "../../lib/chunk";
import { sha256Hex } from "../../lib/crypto";
import { computedSpecVersionsSql, computedPagesOf, expandSnapshot } from "../revisions";
import { type JobContext, type JobRow, newJob } from "../core";

/**
 * The search index follows each space's primary content. Every commit that moves a space's revision (merges,
 * writes to main, imports, templates, new and duplicated spaces) writes a `space.content.updated` event
 * (services/core/outbox.ts), whose search subscriber (search-subscribers.ts) indexes the change inline right
 * after the write (after the response) when it re-indexes at most INLINE_INDEX_PAGES pages, and in full from
 * the event's queued job (a bigger change, continued by `search-index` jobs). Both compare the current
 * revision's pages with the indexed ones (search_pages) and re-index only the pages whose title or body
 * changed, rewrite the path of moved pages, and drop removed ones. Both are idempotent and may race: every
 * write is guarded by the revision it was computed from and replaces a page's rows as a whole, and whichever
 * runs second finds the index at the space's revision (search_index_state) and stops. The daily sweep
 * re-queues any space whose index still lags (a lost message, an inline run cut short).
 */
export const SEARCH_INDEX_JOB_KIND = "search-index";
/** Pages parsed and written per D1 batch, and per job run (the rest goes to a continuation job). */
export const INDEX_PAGES_PER_BATCH = 50;
export const INDEX_PAGES_PER_RUN = 500;
/** Pages an inline run right after a write may re-index; a bigger diff is left to the queued job. */
export const INLINE_INDEX_PAGES = INDEX_PAGES_PER_BATCH;
/** Largest JSON parameter per insert statement (D1 caps strings at 2 MB). */
const MAX_JSON_PARAM = 700_000;
const ATTEMPTS = 4;

interface IndexedPage {
  pageId: string;
  title: string;
  path: string;
  bodyHash: string;
}

/**
 * The pages of a snapshot that belong in the index: document pages without `noIndex`. Pages generated from a
 * computed page have no stored body: `generatedHashes` gives theirs (a hash of the generated markdown).
 */
export function indexablePages(
  s: Snapshot,
  generatedHashes: Map<string, string> = new Map(),
): Map<string, IndexedPage> {
  const out = new Map<string, IndexedPage>();
  for (const page of s.pages.values()) {
    if (page.type !== "document" || page.noIndex) continue;
    const bodyHash = generatedHashes.get(page.id) ?? page.body ?? "";
    out.set(page.id, { pageId: page.id, title: page.title, path: pagePath(s, page.id), bodyHash });
  }
  return out;
}

/** The generated pages' markdown of a revision's computed pages (none when it has none), with their body hashes. */
async function generatedContent(ctx: JobContext, organizationId: string, stored: Snapshot) {
  if (!computedPagesOf(stored).length)
    return { snapshot: stored, markdown: new Map<string, string>(), hashes: new Map() };
  const { snapshot, markdown } = await expandSnapshot(ctx, organizationId, stored);
  const hashes = new Map<string, string>();
  for (const [id, text] of markdown) hashes.set(id, `computed:${(await sha256Hex(text)).slice(0, 40)}`);
  return { snapshot, markdown, hashes };
}

/** What to change: pages to (re-)index, pages whose path alone changed, pages to drop. */
export function diffIndex(current: Map<string, IndexedPage>, indexed: IndexedPage[]) {
  const before = new Map(indexed.map((p) => [p.pageId, p]));
  const reindex: IndexedPage[] = [];
  const moved: IndexedPage[] = [];
  for (const page of current.values()) {
    const old = before.get(page.pageId);
    if (!old || old.title !== page.title || old.bodyHash !== page.bodyHash) reindex.push(page);
    else if (old.path !== page.path) moved.push(page);
  }
  const removed = indexed.filter((p) => !current.has(p.pageId)).map((p) => p.pageId);
  return { reindex, moved, removed };
}

/**
 * After a version of an organization's spec was processed (or the spec deleted): queues a search-index job for
 * each live space whose current revision has computed pages generated from it, so that its index follows the
 * spec. A write-side cost, over the organization's spaces; reads stay as they are.
 */
export async function followSpecVersion(
  ctx: Pick<JobContext, "db" | "env" | "now">,
  organizationId: string,
  slug: string,
) {
  const dependent = await ctx.db.all<{
    id: string;
  }>(sql`SELECT s.id FROM spaces s JOIN revisions r ON r.id = s.revision_id
    WHERE s.organization_id = ${organizationId} AND s.deleted_at IS NULL AND r.computed_specs IS NOT NULL
      AND EXISTS (SELECT 1 FROM json_each(r.computed_specs) WHERE value = ${slug})`);
  for (const { id } of dependent) await queueSearchIndex(ctx, id);
  return dependent.length;
}

/** Sends a queued job's message; a failed send is logged (the daily sweep re-queues stale indexes). */
async function sendIndexMessage(env: JobContext["env"], message: { jobId: string }) {
  try {
    await env.JOBS.send(message);
  } catch (error) {
    console.error(JSON.stringify({ jobId: message.jobId, error: `search index job not queued: ${String(error)}` }));
  }
}

/**
 * Queues a search-index job for a space (its row and its message). `throwOnLostSend` (a continuation, a repair):
 * a failed send throws, so that the run or request that queues it is retried and goes on itself, rather than
 * leave the rest of the index to the sweep.
 */
export async function queueSearchIndex(
  ctx: Pick<JobContext, "db" | "env" | "now">,
  spaceId: string,
  opts: { throwOnLostSend?: boolean } = {},
) {
  const job = newJob(SEARCH_INDEX_JOB_KIND, { spaceId }, ctx.now);
  await ctx.db.insert(jobs).values(job.row);
  if (opts.throwOnLostSend) await ctx.env.JOBS.send(job.message);
  else await sendIndexMessage(ctx.env, job.message);
  return job.row.id as string;
}

/**
 * Daily sweep: queues a job for live spaces whose index is not at their revision, or (computed pages) not at the
 * spec versions they are generated from (lost messages, backfill).
 */
export async function queueStaleSearchIndexes(ctx: JobContext, limit = 500) {
  const stale = await ctx.db.all<{
    id: string;
  }>(sql`SELECT s.id FROM spaces s LEFT JOIN search_index_state st ON st.space_id = s.id
    WHERE s.deleted_at IS NULL AND (st.revision_id IS NULL OR st.revision_id <> s.revision_id
      OR st.computed_specs IS NOT ${computedSpecVersionsSql(sql`s.revision_id`, sql`s.organization_id`)}) LIMIT ${limit}`);
  for (const { id } of stale) await queueSearchIndex(ctx, id);
  return stale.length;
}

function sectionRows(page: IndexedPage, sections: IndexedSection[]) {
  return sections.map((s) => [page.pageId, s.position, s.anchor, page.title, s.heading, s.body]);
}

/** Groups rows into JSON parameters of at most MAX_JSON_PARAM characters. */
function jsonChunks(rows: unknown[][]): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let size = 0;
  for (const row of rows) {
    const json = JSON.stringify(row);
    if (current.length && size + json.length > MAX_JSON_PARAM) {
      out.push(`[${current.join(",")}]`);
      current = [];
      size = 0;
    }
    current.push(json);
    size += json.length + 1;
  }
  if (current.length) out.push(`[${current.join(",")}]`);
  return out;
}

async function loadBodies(db: Db, spaceId: string, hashes: string[]) {
  const out = new Map<string, string>();
  const queries = chunk([...new Set(hashes.filter(Boolean))], 90).map((part) =>
    db
      .select({ hash: contentBlobs.hash, body: contentBlobs.body })
      .from(contentBlobs)
      .where(and(eq(contentBlobs.spaceId, spaceId), inArray(contentBlobs.hash, part))),
  );
  for (const rows of await batch(db, queries)) for (const row of rows) out.set(row.hash, row.body);
  return out;
}

/**
 * The space's current revision, its indexable pages (computed pages generated) and their diff with the indexed
 * pages (search_pages), read in one batch.
 */
export async function indexDiff(ctx: JobContext, spaceId: string, organizationId: string) {
  const current = sql`SELECT revision_id FROM spaces WHERE id = ${spaceId}`;
  const [revisionRows, nodes, indexed] = await batch(ctx.db, [
    ctx.db
      .select()
      .from(revisions)
      .where(and(sql`${revisions.id} = (${current})`, eq(revisions.spaceId, spaceId)))
      .limit(1),
    revisionNodesQuery(ctx.db, spaceId, current),
    ctx.db
      .select({
        pageId: searchPages.pageId,
        title: searchPages.title,
        path: searchPages.path,
        bodyHash: searchPages.bodyHash,
      })
      .from(searchPages)
      .where(eq(searchPages.spaceId, spaceId)),
  ]);
  const revision = revisionRows[0];
  if (!revision) throw new Error(`space ${spaceId} has no current revision`);
  const generated = await generatedContent(ctx, organizationId, assembleSnapshot(revision, nodes));
  const expected = indexablePages(generated.snapshot, generated.hashes);
  return { revision, generated, expected, indexed, diff: diffIndex(expected, indexed) };
}

export interface IndexRunResult {
  upToDate?: boolean;
  /** An inline run found more than its budget to re-index and wrote nothing: the job does it. */
  leftToJob?: boolean;
  reindexed: number;
  moved: number;
  removed: number;
  more: boolean;
}

/**
 * Brings a space's index to its current revision, at most `budget` re-indexed pages per run (the rest goes to
 * a continuation job; an `inline` run with more than its budget writes nothing and leaves it all to the job).
 * Each batch is guarded by the revision it was computed from: when the space moves meanwhile, nothing of
 * that batch is written and the diff is recomputed against the new revision.
 */
export async function updateSearchIndex(
  ctx: JobContext,
  spaceId: string,
  budget = INDEX_PAGES_PER_RUN,
  opts: { inline?: boolean } = {},
): Promise<IndexRunResult> {
  const result: IndexRunResult = { reindexed: 0, moved: 0, removed: 0, more: false };
  attempts: for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [spaceRows, stateRows] = await batch(ctx.db, [
      ctx.db
        .select({
          revisionId: spaces.revisionId,
          organizationId: spaces.organizationId,
          computedSpecs: sql<
            string | null
          >`${computedSpecVersionsSql(sql`${spaces.revisionId}`, sql`${spaces.organizationId}`)}`,
        })
        .from(spaces)
        .where(eq(spaces.id, spaceId))
        .limit(1),
      ctx.db
        .select({ revisionId: searchIndexState.revisionId, computedSpecs: searchIndexState.computedSpecs })
        .from(searchIndexState)
        .where(eq(searchIndexState.spaceId, spaceId))
        .limit(1),
    ]);
    const space = spaceRows[0];
    if (!space) return { ...result, upToDate: true }; // purged: the purge removed its index rows
    // Up to date: at the space's revision and, for computed pages, at the spec versions they are generated from
    // (read before generating: a version processed meanwhile leaves the state behind, and its job redoes it).
    const state = stateRows[0];
    if (state?.revisionId === space.revisionId && (state.computedSpecs ?? null) === (space.computedSpecs ?? null))
      return { ...result, upToDate: result.reindexed + result.moved + result.removed === 0 };

    const { revision, generated, diff } = await indexDiff(ctx, spaceId, space.organizationId);
    if (opts.inline && diff.reindex.length > budget) return { ...result, leftToJob: true };
    const work = diff.reindex.slice(0, budget);
    const finished = work.length === diff.reindex.length;
    const guard = sql`EXISTS (SELECT 1 FROM spaces WHERE id = ${spaceId} AND revision_id = ${revision.id})`;
    const batches = chunk(work, INDEX_PAGES_PER_BATCH);
    if (!batches.length) batches.push([]);

    for (let b = 0; b < batches.length; b++) {
      const pages = batches[b];
      const first = b === 0;
      const last = b === batches.length - 1;
      const bodies = await loadBodies(
        ctx.db,
        spaceId,
        pages.filter((p) => !generated.markdown.has(p.pageId)).map((p) => p.bodyHash),
      );
      const body = (p: IndexedPage) => generated.markdown.get(p.pageId) ?? bodies.get(p.bodyHash) ?? "";
      const rows = pages.flatMap((p) => sectionRows(p, pageSections(body(p))));
      const dropped = [...pages.map((p) => p.pageId), ...(first ? diff.removed : [])];
      const upserts = [...pages, ...(first ? diff.moved : [])].map((p) => [p.pageId, p.title, p.path, p.bodyHash]);
      const writes = [
        inBatch(
          ctx.db,
          ctx.db.run(sql`DELETE FROM search_sections WHERE space_id = ${spaceId}
          AND page_id IN (SELECT value FROM json_each(${JSON.stringify(dropped)})) AND ${guard}`),
        ),
        ...(first && diff.removed.length
          ? [
              inBatch(
                ctx.db,
                ctx.db.run(sql`DELETE FROM search_pages WHERE space_id = ${spaceId}
              AND page_id IN (SELECT value FROM json_each(${JSON.stringify(diff.removed)})) AND ${guard}`),
              ),
            ]
          : []),
        ...jsonChunks(rows).map((json) =>
          inBatch(
            ctx.db,
            ctx.db.run(sql`INSERT INTO search_sections (space_id, page_id, position, anchor, page_title, heading, body)
            SELECT ${spaceId}, value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5 FROM json_each(${json}) WHERE ${guard}`),
          ),
        ),
        ...jsonChunks(upserts).map((json) =>
          inBatch(
            ctx.db,
            ctx.db.run(sql`INSERT INTO search_pages (space_id, page_id, title, path, body_hash)
            SELECT ${spaceId}, value ->> 0, value ->> 1, value ->> 2, value ->> 3 FROM json_each(${json}) WHERE ${guard}
            ON CONFLICT (space_id, page_id) DO UPDATE SET title = excluded.title, path = excluded.path, body_hash = excluded.body_hash`),
          ),
        ),
        ...(last && finished
          ? [
              inBatch(
                ctx.db,
                ctx.db.run(sql`INSERT INTO search_index_state (space_id, revision_id, computed_specs, updated_at)
              SELECT ${spaceId}, ${revision.id}, ${space.revisionId === revision.id ? space.computedSpecs : null}, ${ctx.now} WHERE ${guard}
              ON CONFLICT (space_id) DO UPDATE SET revision_id = excluded.revision_id,
                computed_specs = excluded.computed_specs, updated_at = excluded.updated_at`),
              ),
            ]
          : []),
      ];
      const [, check] = await batch(ctx.db, [
        writes,
        ctx.db.select({ revisionId: spaces.revisionId }).from(spaces).where(eq(spaces.id, spaceId)),
      ]);
      if (check[0]?.revisionId !== revision.id) continue attempts; // the space moved: nothing of this batch was written
      result.reindexed += pages.length;
      if (first) {
        result.moved += diff.moved.length;
        result.removed += diff.removed.length;
      }
    }
    if (!finished) {
      await queueSearchIndex(ctx, spaceId, { throwOnLostSend: true });
      return { ...result, more: true };
    }
    return result;
  }
  throw new Error(`space ${spaceId} kept changing while it was indexed`);
}

/** The job runner (registered in JOB_RUNNERS). */
export async function runSearchIndexJob(ctx: JobContext, job: JobRow) {
  const spaceId = job.payload.spaceId;
  if (typeof spaceId !== "string") throw new Error("search-index job without a spaceId");
  return { ...(await updateSearchIndex(ctx, spaceId)) };
}
