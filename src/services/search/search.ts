import { type SQL, sql } from "drizzle-orm";
import { MARK_CLOSE, MARK_OPEN, markedWindow, renderSnippet, type SearchPlan } from "../../content/search";
import { inBatch } from "../../db/client";
import type { PageRequest } from "../../lib/pagination";
import type { ServiceContext } from "../core";

/** bm25 weights of the indexed columns: page title, section heading, section body. */
const WEIGHTS = sql.raw("10.0, 5.0, 1.0");
const SECTIONS_PER_PAGE = 5;
const PAGES_PER_SPACE = 5;
const SECTIONS_PER_PAGE_IN_ORG = 3;

/** One way of running a query: an FTS5 table with a MATCH expression (plus LIKE filters), or LIKE alone. */
export type Source =
  | { kind: "fts"; table: "search_fts" | "search_trigram"; match: string; like: string[] }
  | { kind: "like"; like: string[] };

/**
 * The sources to try in order: words (unicode61, last term a prefix), then substrings (trigram) when words
 * find nothing; queries in scripts without word spaces (CJK, Thai, …) go to substrings directly.
 */
export function searchSources(plan: SearchPlan): Source[] {
  const sub = plan.substrings;
  const substrings: Source | undefined = sub?.match
    ? { kind: "fts", table: "search_trigram", match: sub.match, like: sub.like }
    : sub?.like.length && plan.unsegmented
      ? { kind: "like", like: sub.like }
      : undefined;
  if (plan.unsegmented) return substrings ? [substrings] : [];
  const words: Source | undefined = plan.words
    ? { kind: "fts", table: "search_fts", match: plan.words, like: [] }
    : undefined;
  const out: Source[] = [];
  if (words) out.push(words);
  if (substrings?.kind === "fts") out.push(substrings);
  return out;
}

const likeFilter = (like: string[]) =>
  like.map(
    (p) =>
      sql` AND (s.page_title LIKE ${p} ESCAPE '\\' OR s.heading LIKE ${p} ESCAPE '\\' OR s.body LIKE ${p} ESCAPE '\\')`,
  );

function hitsSql(source: Source, scope: SQL): SQL {
  if (source.kind === "like") {
    return sql`SELECT s.id, s.space_id, s.page_id, s.position * 1.0 AS score FROM search_sections s WHERE ${scope}${sql.join(likeFilter(source.like))}`;
  }
  const t = sql.identifier(source.table);
  // CROSS JOIN keeps the FTS5 match as the outer loop (else SQLite may walk the space's sections and run
  // the MATCH once per row).
  return sql`SELECT s.id, s.space_id, s.page_id, bm25(${t}, ${WEIGHTS}) AS score
    FROM ${t} CROSS JOIN search_sections s ON s.id = ${t}.rowid
    WHERE ${t} MATCH ${source.match} AND ${scope}${sql.join(likeFilter(source.like))}`;
}

function snippetSql(source: Source): SQL {
  if (source.kind === "like")
    return sql`substr(s.body, max(1, instr(s.body, ${source.like[0].slice(1, -1).replace(/\\(.)/g, "$1")}) - 80), 240)`;
  const t = sql.identifier(source.table);
  const tokens = source.table === "search_trigram" ? 64 : 24;
  return sql`(SELECT snippet(${t}, 2, ${MARK_OPEN}, ${MARK_CLOSE}, '…', ${sql.raw(String(tokens))}) FROM ${t} WHERE ${t} MATCH ${source.match} AND ${t}.rowid = s.id)`;
}

export interface Query {
  scope: SQL;
  /** Results are spaces (organization search) rather than pages. */
  bySpace: boolean;
  after: (string | number)[];
  fetch: number;
  /**
   * Page results only: one more row (`part` 1, after the results) carries the index `generation` and, when
   * min..max pages match, the whole ranking (`ranking`: every matching page id, best first, as JSON).
   */
  ranked?: { min: number; max: number };
}

/** A matching page and one of its best sections, as both the search and the ranked-page statements answer it. */
interface PageHitColumns {
  pageId: string | null;
  pageTitle: string | null;
  pagePath: string | null;
  sectionId: number | null;
  anchor: string | null;
  heading: string | null;
  snippet: string | null;
}

export interface SearchRow extends PageHitColumns {
  /** 0: a result row; 1: the ranking row. */
  part: number;
  total: number;
  spaceId: string | null;
  spaceTitle: string | null;
  groupScore: number;
  ranking: string | null;
  generation: number | null;
}

/** One statement: ranked groups after the cursor, their best pages and sections with snippets, and the total. */
export function searchStatement(ctx: Pick<ServiceContext, "db">, source: Source, q: Query) {
  const [score, key] = q.after;
  const keyColumn = sql.raw(q.bySpace ? "space_id" : "page_id");
  const after = q.after.length ? sql`(score > ${score} OR (score = ${score} AND ${keyColumn} > ${key}))` : sql`1`;
  const chosen = q.bySpace
    ? sql`groups AS MATERIALIZED (SELECT space_id, min(score) AS score FROM pages GROUP BY space_id),
      chosen_groups AS (SELECT space_id, score FROM groups WHERE ${after} ORDER BY score, space_id LIMIT ${q.fetch}),
      chosen AS (SELECT space_id, page_id, score, group_score FROM (
        SELECT p.space_id, p.page_id, p.score, g.score AS group_score,
          row_number() OVER (PARTITION BY p.space_id ORDER BY p.score, p.page_id) AS prn
        FROM pages p JOIN chosen_groups g ON g.space_id = p.space_id) WHERE prn <= ${PAGES_PER_SPACE})`
    : sql`chosen AS (SELECT space_id, page_id, score, score AS group_score FROM pages WHERE ${after} ORDER BY score, page_id LIMIT ${q.fetch})`;
  const sections = q.bySpace ? SECTIONS_PER_PAGE_IN_ORG : SECTIONS_PER_PAGE;
  // One row for the ranking, not a row per page: D1 spends far more per row returned than SQLite per row read.
  // The ranking is there only when enough pages match; the index generation always. (ORDER BY inside an
  // aggregate: SQLite 3.44.)
  const ranking =
    q.ranked && !q.bySpace
      ? sql`
    UNION ALL
    SELECT 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
      CASE WHEN (SELECT count(*) FROM pages) BETWEEN ${q.ranked.min} AND ${q.ranked.max}
        THEN (SELECT json_group_array(page_id ORDER BY score, page_id) FROM pages) END,
      (SELECT generation FROM search_generation WHERE id = 1)`
      : sql``;
  return inBatch(
    ctx.db,
    ctx.db.all<SearchRow>(sql`WITH
    hits AS MATERIALIZED (${hitsSql(source, q.scope)}),
    pages AS MATERIALIZED (SELECT space_id, page_id, min(score) AS score FROM hits GROUP BY space_id, page_id),
    ${chosen},
    top AS (SELECT id, space_id, page_id, rn FROM (
      SELECT h.id, h.space_id, h.page_id, row_number() OVER (PARTITION BY h.space_id, h.page_id ORDER BY h.score, h.id) AS rn
      FROM hits h JOIN chosen c ON c.space_id = h.space_id AND c.page_id = h.page_id) WHERE rn <= ${sections})
    SELECT 0 AS part, t.total, c.space_id AS spaceId, sp.title AS spaceTitle, c.page_id AS pageId,
      c.group_score AS groupScore, p.title AS pageTitle, p.path AS pagePath, s.id AS sectionId, s.anchor, s.heading,
      ${snippetSql(source)} AS snippet, c.score AS pageScore, top.rn, NULL AS ranking, NULL AS generation
    FROM (SELECT count(*) AS total FROM ${sql.raw(q.bySpace ? "groups" : "pages")}) t
    LEFT JOIN chosen c ON 1
    LEFT JOIN top ON top.space_id = c.space_id AND top.page_id = c.page_id
    LEFT JOIN search_sections s ON s.id = top.id
    LEFT JOIN search_pages p ON p.space_id = c.space_id AND p.page_id = c.page_id
    LEFT JOIN spaces sp ON sp.id = c.space_id${ranking}
    ORDER BY part, groupScore, spaceId, pageScore, pageId, rn`),
  );
}

export interface RankedPageRow extends PageHitColumns {
  generation: number;
  /** Where the page is in `pageIds`; null on the one row answered when the index moved. */
  ord: number | null;
  /** The page's score (its best section's), the same double the search statement computes. */
  groupScore: number | null;
}

/**
 * The pages `pageIds` of a cached ranking, in that order, with their scores and best sections, snippets
 * included. It reads the index generation first: when the index moved since `generation`, it answers one row
 * with only the generation. Only the sections of these pages are scored: the FTS match is filtered to their
 * rowids (`+rowid`: a constraint FTS5 would take as a rowid lookup re-runs bm25's statistics for every row), and
 * snippets are made in that one pass (a snippet subquery per section runs the whole MATCH again each time).
 */
export function rankedPagesStatement(
  ctx: Pick<ServiceContext, "db">,
  source: Source,
  spaceId: string,
  pageIds: string[],
  generation: number,
) {
  let scored: SQL;
  if (source.kind === "like") {
    scored = sql`SELECT s.id, s.position * 1.0 AS score, ${snippetSql(source)} AS snippet
      FROM cand c JOIN search_sections s ON s.id = c.id`;
  } else {
    const t = sql.identifier(source.table);
    const tokens = sql.raw(String(source.table === "search_trigram" ? 64 : 24));
    scored = sql`SELECT rowid AS id, bm25(${t}, ${WEIGHTS}) AS score,
        snippet(${t}, 2, ${MARK_OPEN}, ${MARK_CLOSE}, '…', ${tokens}) AS snippet
      FROM ${t} WHERE ${t} MATCH ${source.match} AND +rowid IN (SELECT id FROM cand)`;
  }
  return inBatch(
    ctx.db,
    ctx.db.all<RankedPageRow>(sql`WITH
    chosen AS (SELECT key AS ord, value AS page_id FROM json_each(${JSON.stringify(pageIds)})),
    cand AS MATERIALIZED (SELECT s.id, c.ord FROM chosen c CROSS JOIN search_sections s
      ON s.space_id = ${spaceId} AND s.page_id = c.page_id WHERE 1${sql.join(likeFilter(source.like))}),
    hits AS MATERIALIZED (${scored}),
    ranked AS (SELECT c.ord, h.id, h.snippet,
        row_number() OVER (PARTITION BY c.ord ORDER BY h.score, h.id) AS rn,
        min(h.score) OVER (PARTITION BY c.ord) AS page_score
      FROM hits h JOIN cand c ON c.id = h.id)
    SELECT g.generation, c.ord, c.page_id AS pageId, r.page_score AS groupScore, p.title AS pageTitle,
      p.path AS pagePath, s.id AS sectionId, s.anchor, s.heading, r.snippet
    FROM search_generation g
    LEFT JOIN chosen c ON g.generation = ${generation}
    LEFT JOIN ranked r ON r.ord = c.ord AND r.rn <= ${SECTIONS_PER_PAGE}
    LEFT JOIN search_sections s ON s.id = r.id
    LEFT JOIN search_pages p ON p.space_id = ${spaceId} AND p.page_id = c.page_id
    WHERE g.id = 1
    ORDER BY c.ord, r.rn`),
  );
}

/** Runs the sources in order until one finds something (a second round trip only when the first finds nothing). */
export async function runSources(list: Source[], run: (source: Source, i: number) => Promise<SearchRow[]>) {
  for (let i = 0; i < list.length; i++) {
    const rows = await run(list[i], i);
    if (Number(rows[0]?.total ?? 0) > 0 || i === list.length - 1) return { rows, source: list[i] };
  }
  return { rows: [] as SearchRow[], source: undefined };
}

function snippetOf(row: SearchRow, source: Source | undefined, plan: SearchPlan) {
  if (!row.snippet) return "";
  if (source?.kind === "like") return markedWindow(row.snippet, plan.terms);
  return renderSnippet(row.snippet);
}

/** A matching section: its heading's anchor and text ("" before the page's first heading) and the snippet. */
export interface SearchSectionView {
  anchor: string;
  heading: string;
  /** HTML-escaped, matches in `<mark>`. */
  body: string;
}

/** A matching page of a space's primary content, with its best sections. */
export interface SearchPageView {
  spaceId: string;
  id: string;
  title: string;
  path: string;
  sections: SearchSectionView[];
}

/** A space of an organization search, with its best pages. */
export interface SearchSpaceView {
  id: string;
  title: string;
  pages: SearchPageView[];
}

/** Groups the statement's rows (ordered by group, page, section) into pages with their sections. */
export function groupPages(rows: SearchRow[], source: Source | undefined, plan: SearchPlan) {
  const pages: { spaceTitle: string; score: number; page: SearchPageView }[] = [];
  for (const row of rows) {
    if (!row.pageId || !row.spaceId) continue;
    let last = pages[pages.length - 1];
    if (!last || last.page.id !== row.pageId || last.page.spaceId !== row.spaceId) {
      last = {
        spaceTitle: row.spaceTitle ?? "",
        score: row.groupScore,
        page: {
          spaceId: row.spaceId,
          id: row.pageId,
          title: row.pageTitle ?? "",
          path: row.pagePath ?? "",
          sections: [],
        },
      };
      pages.push(last);
    }
    if (row.sectionId === null) continue;
    last.page.sections.push({
      anchor: row.anchor ?? "",
      heading: row.heading ?? "",
      body: snippetOf(row, source, plan),
    });
  }
  return pages;
}

export interface SearchRequest extends PageRequest {
  query: string;
}
