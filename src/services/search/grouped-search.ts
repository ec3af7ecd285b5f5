import { and, eq, type SQL, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { inBatch } from "../../db/client";
import { planSearch } from "../../content/search";
import { spaces } from "../../db/schema";
import { decodeCursor, mapPage, type Page, pageOf } from "../../lib/pagination";
import { authorize, organizationTree } from "../access";
import { memberRole, requireUser, type ServiceContext } from "../core";
import { visibleSpaces } from "../spaces";
import { searchResults } from "./results-cache";
import {
  groupPages,
  type Query,
  type Source,
  runSources,
  type SearchRequest,
  type SearchSpaceView,
  searchSources,
  searchStatement,
} from "./search";

/**
 * searchOrganizationContent: results grouped by space, best space first, over the live spaces the caller
 * can read (the organization's space list filter, plus public spaces).
 */
export async function searchOrganization(
  ctx: ServiceContext,
  organizationId: string,
  input: SearchRequest,
): Promise<Page<SearchSpaceView>> {
  const caller = requireUser(ctx.caller);
  const orgRole = memberRole(caller, organizationId);
  authorize(orgRole, "organization.view", "Organization");
  return searchBySpace(ctx, input, async () => {
    const tree = await organizationTree(ctx.db, organizationId);
    const visible = visibleSpaces(orgRole, tree, caller.grants);
    return and(
      eq(spaces.organizationId, organizationId),
      sql`${spaces.deletedAt} IS NULL`,
      visible ? sql`(${visible} OR ${spaces.visibility} = 'public')` : undefined,
    );
  });
}

/**
 * Results grouped by space, best space first (up to 5 pages each, 3 sections a page), over the spaces that
 * `readable` (a condition on `spaces`, made only when the query has something to search) selects: the
 * organization and site searches. With `cacheKey` (naming everything `readable` depends on), a repeated search
 * is answered from this isolate while the index and those spaces stand still (results-cache.ts): one trivial
 * statement instead of the FTS match, bm25 and snippets.
 */
export async function searchBySpace(
  ctx: ServiceContext,
  input: SearchRequest,
  readable: () => Promise<SQL | undefined>,
  cacheKey?: string,
): Promise<Page<SearchSpaceView>> {
  const plan = planSearch(input.query);
  const list = searchSources(plan);
  const after = input.page ? decodeCursor(input.page, 2) : [];
  if (!list.length) return { items: [], count: 0 };
  const condition = (await readable()) ?? sql`1`;
  const q: Query = {
    scope: sql`s.space_id IN (SELECT ${spaces.id} FROM ${spaces} WHERE ${condition})`,
    bySpace: true,
    after,
    fetch: Math.max(input.limit, 0) + 1,
  };
  const resultKey = cacheKey === undefined ? undefined : JSON.stringify([cacheKey, input.query, after, q.fetch]);
  const { rows, source } = resultKey
    ? await cachedSources(ctx, list, q, condition, resultKey)
    : await runSources(list, (source) => searchStatement(ctx, source, q));
  return grouped(rows, source, plan, input);
}

/** The sources' rows (runSources), kept with the index generation and the live spaces they were found at. */
async function cachedSources(ctx: ServiceContext, list: Source[], q: Query, readable: SQL, resultKey: string) {
  const standing = inBatch(
    ctx.db,
    ctx.db.all<{ generation: number; live: string | null }>(
      sql`SELECT generation, (SELECT group_concat(id) FROM (SELECT ${spaces.id} AS id FROM ${spaces} WHERE ${readable} ORDER BY 1)) AS live FROM search_generation WHERE id = 1`,
    ),
  );
  const known = searchResults.get<GroupedRows>(resultKey);
  const stateOf = (result: { generation: number; live: string | null }[]) => ({
    generation: Number(result[0]?.generation),
    live: result[0]?.live ?? "",
  });
  if (known) {
    const [now] = await batch(ctx.db, [standing]);
    const state = stateOf(now);
    if (state.generation === known.generation && state.live === known.rows[0]?.live) return known.rows[0].found;
    searchResults.delete(resultKey);
  }
  // The state read in the first source's batch: rows of a later source are never older than it, so a stale
  // entry can only be one that a later check finds moved.
  let state: ReturnType<typeof stateOf> | undefined;
  const found = await runSources(list, async (source, i) => {
    if (i > 0) return searchStatement(ctx, source, q);
    const [now, rows] = await batch(ctx.db, [standing, searchStatement(ctx, source, q)]);
    state = stateOf(now);
    return rows;
  });
  if (state && Number.isFinite(state.generation)) {
    searchResults.set<GroupedRows>(resultKey, { generation: state.generation, rows: [{ live: state.live, found }] });
  }
  return found;
}

type Found = Awaited<ReturnType<typeof runSources>>;

/** What a cached grouped search keeps: the rows and their source, and the live spaces they were found over. */
interface GroupedRows {
  live: string;
  found: Found;
}

function grouped(
  rows: Found["rows"],
  source: Found["source"],
  plan: ReturnType<typeof planSearch>,
  input: SearchRequest,
) {
  const groups: (SearchSpaceView & { score: number })[] = [];
  for (const { spaceTitle, score, page } of groupPages(rows, source, plan)) {
    let group = groups[groups.length - 1];
    if (!group || group.id !== page.spaceId) {
      group = { id: page.spaceId, title: spaceTitle, pages: [], score };
      groups.push(group);
    }
    group.pages.push(page);
  }
  return mapPage(
    pageOf(groups, Number(rows[0]?.total ?? 0), input, (g) => [g.score, g.id]),
    ({ score: _score, ...g }) => g,
  );
}
