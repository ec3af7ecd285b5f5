import { sql } from "drizzle-orm";
import { planSearch } from "../../content/search";
import { batch } from "../../db/batch";
import type { Db } from "../../db/client";
import { type Placeholders, reusableStatement } from "../../db/reusable";
import { searchStatements } from "../../lib/isolate-caches";
import { decodeCursor, mapPage, type Page, pageOf } from "../../lib/pagination";
import type { ServiceContext } from "../core";
import { checkSpace } from "../revisions";
import { spaceRead, withSpaceAccess } from "../access";
import { HOT_PAGES, MAX_RANKED_PAGES, rankingPosition, rankings } from "./rankings";
import { generationIn, generationStatement, searchResults } from "./results-cache";
import {
  groupPages,
  type Query,
  type RankedPageRow,
  rankedPagesStatement,
  runSources,
  type SearchPageView,
  type SearchRequest,
  type SearchRow,
  type Source,
  searchSources,
  searchStatement,
} from "./search";

// A space's search (searchSpaceContent): its statements, the isolate's kept results and rankings, and the plan
// that picks between them for each source of a query.

/** What identifies a space search's ranking: the space and how the query runs. */
function rankingKey(spaceId: string, source: Source) {
  return JSON.stringify([spaceId, source.kind === "fts" ? [source.table, source.match] : [], source.like]);
}

/** A result row without a page (what the statement answers when no page is after the cursor). */
const NO_PAGE: SearchRow = {
  part: 0,
  total: 0,
  spaceId: null,
  spaceTitle: null,
  pageId: null,
  groupScore: 0,
  pageTitle: null,
  pagePath: null,
  sectionId: null,
  anchor: null,
  heading: null,
  snippet: null,
  ranking: null,
  generation: null,
};

/** A space search's statement compiled once per shape (its SQL building was a fifth of a search's CPU). */
const spaceSearches = searchStatements.store as Map<
  string,
  (db: Db, values: Record<string, unknown>) => SearchStatement
>;

type SearchStatement = ReturnType<typeof searchStatement>;

/**
 * searchStatement for one space's sections. Word and substring queries (FTS) share a statement per shape (index,
 * number of LIKE filters, cursor or not, ranking row or not) with their values bound; LIKE-only queries, whose
 * snippet is cut around the literal text, are built as they come.
 */
function spaceSearchStatement(ctx: ServiceContext, spaceId: string, source: Source, q: Query): SearchStatement {
  if (source.kind === "like") return searchStatement(ctx, source, q);
  const shape = [source.table, source.like.length, q.after.length, q.ranked ? 1 : 0].join(":");
  let compiled = spaceSearches.get(shape);
  if (!compiled) {
    compiled = reusableStatement((db, p: Placeholders<Record<string, unknown>>) =>
      searchStatement(
        { db },
        // Placeholders stand where the values go; drizzle binds them per call.
        {
          ...source,
          match: p.match as unknown as string,
          like: source.like.map((_, i) => p[`like${i}`] as unknown as string),
        },
        {
          scope: sql`s.space_id = ${p.spaceId}`,
          bySpace: false,
          after: q.after.length ? [p.afterScore as unknown as number, p.afterKey as unknown as string] : [],
          fetch: p.fetch as unknown as number,
          ranked: q.ranked && { min: p.rankedMin as unknown as number, max: p.rankedMax as unknown as number },
        },
      ),
    );
    spaceSearches.set(shape, compiled);
  }
  return compiled(ctx.db, {
    spaceId,
    match: source.match,
    ...Object.fromEntries(source.like.map((pattern, i) => [`like${i}`, pattern])),
    afterScore: q.after[0],
    afterKey: q.after[1],
    fetch: q.fetch,
    rankedMin: q.ranked?.min,
    rankedMax: q.ranked?.max,
  });
}

interface SourcePlan {
  statement:
    | ReturnType<typeof searchStatement>
    | ReturnType<typeof rankedPagesStatement>
    | ReturnType<typeof generationStatement>;
  /** The result rows, or undefined when a cache could not answer (the search statement will). */
  rows(result: unknown): SearchRow[] | undefined;
}

/**
 * One source of a space search: the rows an earlier request found while the index is where it was then
 * (results-cache.ts), else from the query's cached ranking when it has one (and the cursor is on it), else the
 * search statement, whose ranking the cache keeps when the query is hot. Every way keeps its rows.
 */
function spaceSourcePlan(ctx: ServiceContext, spaceId: string, source: Source, q: Query, cached = true): SourcePlan {
  const key = rankingKey(spaceId, source);
  const resultKey = JSON.stringify([key, q.after, q.fetch]);
  const keep = (generation: number, rows: SearchRow[]) => {
    searchResults.set(resultKey, { generation, rows });
    return rows;
  };
  const known = cached ? searchResults.get<SearchRow>(resultKey) : undefined;
  if (known) {
    return {
      statement: generationStatement(ctx.db, {}),
      rows(result) {
        if (generationIn(result) === known.generation) return known.rows;
        searchResults.delete(resultKey);
        return undefined;
      },
    };
  }
  const ranking = cached ? rankings.get(key) : undefined;
  // After a cursor [score, pageId]: the pages after that page, if its score is still the cursor's (the anchor
  // page is read again for it), which is what the keyset condition of the search statement would find.
  const at = ranking && q.after.length ? rankingPosition(ranking, String(q.after[1])) : undefined;
  if (ranking && (!q.after.length || at !== undefined)) {
    const start = at === undefined ? 0 : at + 1;
    const anchored = at !== undefined;
    const pageIds = ranking.pageIds.slice(start, start + q.fetch);
    if (anchored) pageIds.unshift(ranking.pageIds[at]);
    return {
      statement: rankedPagesStatement(ctx, source, spaceId, pageIds, ranking.generation),
      rows(result) {
        const rows = result as RankedPageRow[];
        if (Number(rows[0]?.generation) !== ranking.generation) {
          rankings.delete(key);
          return undefined;
        }
        if (anchored && rows.find((row) => row.ord === 0)?.groupScore !== q.after[0]) return undefined;
        const total = ranking.pageIds.length;
        const shown = rows.filter((row) => row.ord !== null && !(anchored && row.ord === 0));
        // Like the search statement, at least one row, which carries the total.
        if (!shown.length) return keep(ranking.generation, [{ ...NO_PAGE, total }]);
        return keep(
          ranking.generation,
          shown.map((row) => ({
            ...NO_PAGE,
            total,
            spaceId,
            pageId: row.pageId,
            groupScore: row.groupScore ?? 0,
            pageTitle: row.pageTitle,
            pagePath: row.pagePath,
            sectionId: row.sectionId,
            anchor: row.anchor,
            heading: row.heading,
            snippet: row.snippet,
          })),
        );
      },
    };
  }
  return {
    statement: spaceSearchStatement(ctx, spaceId, source, { ...q, ranked: { min: HOT_PAGES, max: MAX_RANKED_PAGES } }),
    rows(result) {
      const rows = result as SearchRow[];
      // The last row is the generation's, with the ranking when the query is hot.
      const last = rows[rows.length - 1];
      if (last?.part !== 1 || last.generation === null) return rows;
      if (last.ranking !== null) {
        rankings.set(key, { generation: last.generation, pageIds: JSON.parse(last.ranking) as string[] });
      }
      return keep(last.generation, rows.slice(0, -1));
    },
  };
}

/** Runs one source of a space search (`first`: its plan and result when they rode the request's first batch). */
async function runSpaceSource(
  ctx: ServiceContext,
  spaceId: string,
  source: Source,
  q: Query,
  first?: { plan: SourcePlan; result: unknown },
): Promise<SearchRow[]> {
  const run = async (plan: SourcePlan) => plan.rows(await plan.statement);
  let rows = first ? first.plan.rows(first.result) : await run(spaceSourcePlan(ctx, spaceId, source, q));
  // The cached ranking could not answer (the index moved, or the cursor is not on it): the search statement.
  rows ??= await run(spaceSourcePlan(ctx, spaceId, source, q, false));
  return rows ?? [];
}

/** searchSpaceContent: pages of the space's primary content, best first, with their matching sections. */
export async function searchSpace(
  ctx: ServiceContext,
  spaceId: string,
  input: SearchRequest,
): Promise<Page<SearchPageView>> {
  const plan = planSearch(input.query);
  const list = searchSources(plan);
  const q: Query = {
    scope: sql`s.space_id = ${spaceId}`,
    bySpace: false,
    after: input.page ? decodeCursor(input.page, 2) : [],
    fetch: Math.max(input.limit, 0) + 1,
  };
  const firstPlan = list.length ? spaceSourcePlan(ctx, spaceId, list[0], q) : undefined;
  const [spaceRows, first] = await batch(ctx.db, [spaceRead(ctx.db, spaceId), firstPlan?.statement]);
  // The caller after the batch: the token may ride it (http/request-authentication.ts).
  checkSpace(await withSpaceAccess(ctx, spaceRows), "space.viewContent", ctx.caller);
  const { rows, source } = await runSources(list, (source, i) =>
    runSpaceSource(ctx, spaceId, source, q, i === 0 && firstPlan ? { plan: firstPlan, result: first } : undefined),
  );
  const pages = groupPages(rows, source, plan);
  return mapPage(
    pageOf(pages, Number(rows[0]?.total ?? 0), input, (p) => [p.score, p.page.id]),
    (p) => p.page,
  );
}
