import { and, asc, desc, eq, exists, inArray, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { batch } from "../../db/batch";
import { siteQuestionAnswerSources as src, siteQuestionAnswers as a, siteQuestions as q } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { decodeCursor, type Page, type PageRequest, pageOf } from "../../lib/pagination";
import type { ServiceContext } from "../core";
import { authorizeInsights, requireSite, siteRow } from "./insights-access";
import {
  type AnswerFilters,
  answerConditions,
  foldStats,
  narrowsAnswers,
  type SiteQuestionStatsView,
  type StatsRow,
  statsColumns,
  statsGroup,
} from "./stats";

export type QuestionRow = typeof q.$inferSelect;
export interface SiteQuestionView {
  row: QuestionRow;
  stats: SiteQuestionStatsView;
}

export type QuestionSort = "createdAt" | "askedAt" | "stats.answered" | "stats.feedback" | "stats.answers";

/** A question's answers under the filters (correlated with the outer site_questions row). */
const answersOf = (f: AnswerFilters) => and(sql`${a.questionId} = ${q.id}`, answerConditions(f));

/** The sort value of a question (stats sorts over its answers under the filters), as SQL and as the row's field. */
function sortExpression(sort: QuestionSort, f: AnswerFilters): SQL {
  if (sort === "createdAt") return sql`${q.createdAt}`;
  if (sort === "askedAt") return sql`${q.askedAt}`;
  const over = (agg: SQL) => sql`(SELECT ${agg} FROM ${a} WHERE ${answersOf(f)})`;
  if (sort === "stats.answers") return over(sql`count(*)`);
  if (sort === "stats.answered") return over(sql`coalesce(avg(${a.answered} = 'yes'), 0)`);
  return over(sql`coalesce(avg(${a.rating} = 1), 0)`);
}

/** Stats of the given questions (or of the whole site) under the filters: one grouped statement. */
function statsStatement(ctx: ServiceContext, siteId: string, f: AnswerFilters, questionIds?: SQL) {
  return ctx.db
    .select(statsColumns(ctx.now))
    .from(a)
    .where(and(eq(a.siteId, siteId), answerConditions(f), questionIds))
    .groupBy(...statsGroup(ctx.now));
}

/**
 * listSiteQuestions: the site's questions (those with an answer matching the answer filters when some are
 * given), newest first by default, each with its stats under the filters; keyset pages, one round trip.
 */
export async function listSiteQuestions(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  input: PageRequest & AnswerFilters & { sort?: QuestionSort; order?: "asc" | "desc"; type?: string },
): Promise<Page<SiteQuestionView>> {
  authorizeInsights(ctx, organizationId, siteId);
  const filters: AnswerFilters = { ...input, questionType: undefined };
  const sortBy = sortExpression(input.sort ?? "createdAt", filters);
  const dir = input.order ?? "desc";
  const cursor = input.page ? decodeCursor(input.page, 2) : [];
  const where = and(
    eq(q.siteId, siteId),
    input.type ? eq(q.type, input.type) : undefined,
    narrowsAnswers(filters) ? exists(ctx.db.select({ one: sql`1` }).from(a).where(answersOf(filters))) : undefined,
  );
  const step = (v: unknown, id: unknown) =>
    dir === "desc"
      ? sql`(${sortBy} < ${v} OR (${sortBy} = ${v} AND ${q.id} < ${id}))`
      : sql`(${sortBy} > ${v} OR (${sortBy} = ${v} AND ${q.id} > ${id}))`;
  const order =
    dir === "desc"
      ? [desc(sortBy as unknown as SQLiteColumn), desc(q.id)]
      : [asc(sortBy as unknown as SQLiteColumn), asc(q.id)];
  const pageWhere = and(where, cursor.length ? step(cursor[0], cursor[1]) : undefined);
  const pageRows = ctx.db
    .select({ row: q, sortValue: sql<number>`${sortBy}`.mapWith(Number).as("sort_value") })
    .from(q)
    .where(pageWhere)
    .orderBy(...order)
    .limit(input.limit + 1);
  const pageIds = ctx.db
    .select({ id: q.id })
    .from(q)
    .where(pageWhere)
    .orderBy(...order)
    .limit(input.limit + 1);
  const idsSql = inArray(a.questionId, pageIds);
  const [site, rows, counted, stats] = await batch(ctx.db, [
    siteRow(ctx.db, organizationId, siteId),
    pageRows,
    ctx.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(q)
      .where(where),
    statsStatement(ctx, siteId, filters, idsSql),
  ]);
  requireSite(site);
  const byQuestion = new Map<string, StatsRow[]>();
  for (const r of stats as StatsRow[]) byQuestion.set(r.questionId, [...(byQuestion.get(r.questionId) ?? []), r]);
  const page = pageOf(rows, counted[0]?.count ?? 0, input, (last) => [last.sortValue, last.row.id]);
  return {
    ...page,
    items: page.items.map(({ row }) => ({ row, stats: foldStats(byQuestion.get(row.id) ?? []) })),
  };
}

/** getSiteQuestionById: one question with its stats under the filters. */
export async function getSiteQuestion(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  questionId: string,
  filters: AnswerFilters,
): Promise<SiteQuestionView> {
  authorizeInsights(ctx, organizationId, siteId);
  const [site, [row], stats] = await batch(ctx.db, [
    siteRow(ctx.db, organizationId, siteId),
    ctx.db
      .select()
      .from(q)
      .where(and(eq(q.id, questionId), eq(q.siteId, siteId)))
      .limit(1),
    statsStatement(ctx, siteId, filters, eq(a.questionId, questionId)),
  ]);
  requireSite(site);
  if (!row) throw notFound("Site question");
  return { row, stats: foldStats(stats as StatsRow[]) };
}

/** getSiteQuestionStats: the site's stats under the filters. */
export async function getSiteQuestionStats(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  filters: AnswerFilters,
): Promise<SiteQuestionStatsView> {
  authorizeInsights(ctx, organizationId, siteId);
  const [site, stats] = await batch(ctx.db, [
    siteRow(ctx.db, organizationId, siteId),
    statsStatement(ctx, siteId, filters),
  ]);
  requireSite(site);
  return foldStats(stats as StatsRow[]);
}

export type SourceRow = typeof src.$inferSelect;

/**
 * listSiteQuestionSources: the sources cited by the question's answers (under the filters), one per page
 * (weights summed), heaviest first; pages of the in-memory list (a question's sources are few).
 */
export async function listSiteQuestionSources(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  questionId: string,
  input: PageRequest & AnswerFilters,
): Promise<Page<SourceRow>> {
  authorizeInsights(ctx, organizationId, siteId);
  const [site, [question], rows] = await batch(ctx.db, [
    siteRow(ctx.db, organizationId, siteId),
    ctx.db
      .select({ id: q.id })
      .from(q)
      .where(and(eq(q.id, questionId), eq(q.siteId, siteId)))
      .limit(1),
    ctx.db
      .select({ source: src })
      .from(src)
      .innerJoin(a, eq(a.id, src.answerId))
      .where(and(eq(a.questionId, questionId), eq(a.siteId, siteId), answerConditions(input)))
      .orderBy(asc(src.answerId), asc(src.position)),
  ]);
  requireSite(site);
  if (!question) throw notFound("Site question");
  const byPage = new Map<string, SourceRow>();
  for (const { source } of rows) {
    const key = `${source.spaceId}/${source.pageId}`;
    const seen = byPage.get(key);
    if (seen) seen.weight = Math.round((seen.weight + source.weight) * 1000) / 1000;
    else byPage.set(key, { ...source, id: `${source.spaceId}:${source.pageId}`, section: "" });
  }
  const all = [...byPage.values()].sort((x, y) => y.weight - x.weight || x.id.localeCompare(y.id));
  const after = input.page ? decodeCursor(input.page, 2) : [];
  const start = after.length
    ? all.findIndex((s) => s.weight < Number(after[0]) || (s.weight === Number(after[0]) && s.id > String(after[1])))
    : 0;
  const rest = start < 0 ? [] : all.slice(start, start + input.limit + 1);
  return pageOf(rest, all.length, input, (last) => [last.weight, last.id]);
}
