import { and, asc, eq, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { siteQuestionAnswerSources as src, siteQuestionAnswers as a } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { keysetPage, type Page, type PageRequest, pageArray } from "../../lib/pagination";
import type { ServiceContext } from "../core";
import { authorizeInsights, requireSite, siteRow } from "./insights-access";
import { type AnswerFilters, answerConditions } from "./stats";
import type { SourceRow } from "./questions";

export type AnswerRow = typeof a.$inferSelect;

export interface AnswerListFilters extends AnswerFilters {
  question?: string;
  language?: string;
  helpfulness?: string;
  thread?: string;
}

/** listSiteQuestionAnswers: the site's answers under the filters, newest first (keyset pages). */
export async function listSiteAnswers(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  input: PageRequest & AnswerListFilters,
): Promise<Page<AnswerRow>> {
  authorizeInsights(ctx, organizationId, siteId);
  const where = and(
    eq(a.siteId, siteId),
    answerConditions(input),
    input.question ? eq(a.questionId, input.question) : undefined,
    input.language ? eq(a.language, input.language) : undefined,
    input.helpfulness ? eq(a.helpfulness, input.helpfulness) : undefined,
    input.thread ? eq(a.threadId, input.thread) : undefined,
  );
  const [site] = await batch(ctx.db, [siteRow(ctx.db, organizationId, siteId)]);
  requireSite(site);
  return keysetPage(ctx.db, {
    page: input,
    keys: [
      { column: a.createdAt, direction: "desc", value: (r) => r.createdAt },
      { column: a.id, direction: "desc", value: (r) => r.id },
    ],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select()
        .from(a)
        .where(and(where, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(a)
      .where(where),
  });
}

/** An answer with its sources (the response's citations). */
export interface AnswerView {
  row: AnswerRow;
  sources: SourceRow[];
}

/** getSiteQuestionAnswerById: one answer of the site, with the sources it cites. */
export async function getSiteAnswer(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  answerId: string,
): Promise<AnswerView> {
  authorizeInsights(ctx, organizationId, siteId);
  const [site, [row], sources] = await batch(ctx.db, [
    siteRow(ctx.db, organizationId, siteId),
    ctx.db
      .select()
      .from(a)
      .where(and(eq(a.id, answerId), eq(a.siteId, siteId)))
      .limit(1),
    ctx.db
      .select()
      .from(src)
      .where(and(eq(src.answerId, answerId), eq(src.siteId, siteId)))
      .orderBy(asc(src.position)),
  ]);
  requireSite(site);
  if (!row) throw notFound("Site question answer");
  return { row, sources };
}

/**
 * getSiteQuestionAnswerThreadById: the whole conversation the answer belongs to (oldest first), each answer
 * with its sources.
 */
export async function getSiteAnswerThread(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  answerId: string,
): Promise<AnswerView[]> {
  authorizeInsights(ctx, organizationId, siteId);
  const threadOf = sql`(SELECT ${a.threadId} FROM ${a} WHERE ${and(eq(a.id, answerId), eq(a.siteId, siteId))})`;
  const inThread = and(eq(a.siteId, siteId), sql`${a.threadId} = ${threadOf}`);
  const [site, rows, sources] = await batch(ctx.db, [
    siteRow(ctx.db, organizationId, siteId),
    ctx.db.select().from(a).where(inThread).orderBy(asc(a.createdAt), asc(a.id)),
    ctx.db
      .select({ source: src })
      .from(src)
      .innerJoin(a, eq(a.id, src.answerId))
      .where(inThread)
      .orderBy(asc(src.position)),
  ]);
  requireSite(site);
  if (!rows.some((r) => r.id === answerId)) throw notFound("Site question answer");
  return rows.map((row) => ({
    row,
    sources: sources.filter((s) => s.source.answerId === row.id).map((s) => s.source),
  }));
}

/** listSiteQuestionAnswerSources: the sources the answer cites, in citation order. */
export async function listSiteAnswerSources(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  answerId: string,
  page: PageRequest,
): Promise<Page<SourceRow>> {
  const { sources } = await getSiteAnswer(ctx, organizationId, siteId, answerId);
  return pageArray(sources, (s) => String(s.position).padStart(6, "0"), page);
}
