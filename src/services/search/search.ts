import { and, eq, type SQL, sql } from "drizzle-orm";
import { MARK_CLOSE, MARK_OPEN, markedWindow, planSearch, renderSnippet, type SearchPlan } from "../../content/search";
import { batch } from "../../db/batch";
import { inBatch } from "../../db/client";
import { spaces } from "../../db/schema";
import { decodeCursor, mapPage, type Page, type PageRequest, pageOf } from "../../lib/pagination";
import { organizationAccess, requireUser, type ServiceContext } from "../core/context";
import { checkSpace } from "../revisions/content-load";
import { authorize } from "../access/permissions";
import { chainQuery, organizationTree, spaceAccess } from "../access/space-access";
import { visibleSpaces } from "../spaces/space-lists";

/** bm25 weights of the indexed columns: page title, section heading, section body. */
const WEIGHTS = sql.raw("10.0, 5.0, 1.0");
const SECTIONS_PER_PAGE = 5;
const PAGES_PER_SPACE = 5;
const SECTIONS_PER_PAGE_IN_ORG = 3;

/** One way of running a query: an FTS5 table with a MATCH expression (plus LIKE filters), or LIKE alone. */
type Source =
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
}

export interface SearchRow {
  total: number;
  spaceId: string | null;
  spaceTitle: string | null;
  pageId: string | null;
  groupScore: number;
  pageTitle: string | null;
  pagePath: string | null;
  sectionId: number | null;
  anchor: string | null;
  heading: string | null;
  snippet: string | null;
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
  return inBatch(
    ctx.db,
    ctx.db.all<SearchRow>(sql`WITH
    hits AS MATERIALIZED (${hitsSql(source, q.scope)}),
    pages AS MATERIALIZED (SELECT space_id, page_id, min(score) AS score FROM hits GROUP BY space_id, page_id),
    ${chosen},
    top AS (SELECT id, space_id, page_id, rn FROM (
      SELECT h.id, h.space_id, h.page_id, row_number() OVER (PARTITION BY h.space_id, h.page_id ORDER BY h.score, h.id) AS rn
      FROM hits h JOIN chosen c ON c.space_id = h.space_id AND c.page_id = h.page_id) WHERE rn <= ${sections})
    SELECT t.total, c.space_id AS spaceId, sp.title AS spaceTitle, c.page_id AS pageId, c.group_score AS groupScore,
      p.title AS pageTitle, p.path AS pagePath, s.id AS sectionId, s.anchor, s.heading, ${snippetSql(source)} AS snippet
    FROM (SELECT count(*) AS total FROM ${sql.raw(q.bySpace ? "groups" : "pages")}) t
    LEFT JOIN chosen c ON 1
    LEFT JOIN top ON top.space_id = c.space_id AND top.page_id = c.page_id
    LEFT JOIN search_sections s ON s.id = top.id
    LEFT JOIN search_pages p ON p.space_id = c.space_id AND p.page_id = c.page_id
    LEFT JOIN spaces sp ON sp.id = c.space_id
    ORDER BY c.group_score, c.space_id, c.score, c.page_id, top.rn`),
  );
}

/** Runs the sources in order until one finds something (a second round trip only when the first finds nothing). */
async function runSources(ctx: ServiceContext, list: Source[], q: Query, first?: SearchRow[]) {
  for (let i = 0; i < list.length; i++) {
    const rows = i === 0 && first ? first : await searchStatement(ctx, list[i], q);
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
function groupPages(rows: SearchRow[], source: Source | undefined, plan: SearchPlan) {
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
  const [spaceRows, chain, first] = await batch(ctx.db, [
    ctx.db.select().from(spaces).where(eq(spaces.id, spaceId)).limit(1),
    chainQuery(ctx.db, sql`SELECT parent_id FROM spaces WHERE id = ${spaceId}`),
    list.length ? searchStatement(ctx, list[0], q) : undefined,
  ]);
  // The caller after the batch: the token may ride it (http/request-authentication.ts).
  requireUser(ctx.caller);
  const row = spaceRows[0];
  checkSpace(row ? { row, chain, ...spaceAccess(ctx.caller, row, chain) } : undefined, "space.view");
  const { rows, source } = await runSources(ctx, list, q, first);
  const pages = groupPages(rows, source, plan);
  return mapPage(
    pageOf(pages, Number(rows[0]?.total ?? 0), input, (p) => [p.score, p.page.id]),
    (p) => p.page,
  );
}

/**
 * searchOrganizationContent: results grouped by space, best space first, over the live spaces the caller
 * can read (the organization's space list filter, plus public spaces).
 */
export async function searchOrganization(
  ctx: ServiceContext,
  organizationId: string,
  input: SearchRequest,
): Promise<Page<SearchSpaceView>> {
  const orgRole = organizationAccess(requireUser(ctx.caller), organizationId);
  authorize(orgRole, "organization.view", "Organization");
  const plan = planSearch(input.query);
  const list = searchSources(plan);
  const after = input.page ? decodeCursor(input.page, 2) : [];
  if (!list.length) return { items: [], count: 0 };
  const tree = await organizationTree(ctx.db, organizationId);
  const visible = visibleSpaces(orgRole, tree);
  const readable = and(
    eq(spaces.organizationId, organizationId),
    sql`${spaces.deletedAt} IS NULL`,
    visible ? sql`(${visible} OR ${spaces.visibility} = 'public')` : undefined,
  );
  const q: Query = {
    scope: sql`s.space_id IN (SELECT ${spaces.id} FROM ${spaces} WHERE ${readable})`,
    bySpace: true,
    after,
    fetch: Math.max(input.limit, 0) + 1,
  };
  const { rows, source } = await runSources(ctx, list, q);
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
