import { and, eq, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { siteQuestionAnswerSources, siteQuestionAnswers, siteQuestions } from "../../db/schema";
import { chunk, rowsPerInsert } from "../../lib/chunk";
import { newId } from "../../lib/ids";
import type { ServiceContext } from "../core";
import type { Drafted, RetrievedSection } from "./extractive";
import { normalizeQuestion, questionLanguage, questionType } from "./text";

/** How an answer was asked for: the API, the published site's assistant, or the site's MCP server. */
export type AskedVia = "api" | "site" | "mcp";

export interface AskRecord {
  organizationId: string;
  siteId: string;
  question: string;
  via: AskedVia;
  /** The answer this one follows in a conversation (same site), if any. */
  previous?: { id: string; threadId: string };
  session?: { visitorId: string; sessionId: string };
  followups: string[];
}

/** The reference's core channel of an answer: the site's assistant, else the API (MCP calls included). */
const channelOf = (via: AskedVia) => (via === "site" ? "site" : "api");

/**
 * Stores a question (one row per distinct text of a site, its last ask moved), its answer and the sources the
 * answer cites, in one batch. Returns the question's and the answer's ids.
 */
export async function recordAnswer(ctx: ServiceContext, ask: AskRecord, drafted: Drafted, sources: RetrievedSection[]) {
  const now = ctx.now;
  const normalized = normalizeQuestion(ask.question);
  const type = questionType(ask.question);
  const answerId = newId();
  const answered = !drafted.known ? "no" : drafted.coverage >= 1 ? "yes" : "partially";
  const questionIdSql = sql`(SELECT ${siteQuestions.id} FROM ${siteQuestions} WHERE ${and(
    eq(siteQuestions.siteId, ask.siteId),
    eq(siteQuestions.normalized, normalized),
  )})`;
  const [[question]] = await batch(ctx.db, [
    ctx.db
      .insert(siteQuestions)
      .values({
        id: newId(),
        organizationId: ask.organizationId,
        siteId: ask.siteId,
        question: ask.question.trim(),
        normalized,
        type,
        createdAt: now,
        askedAt: now,
      })
      .onConflictDoUpdate({
        target: [siteQuestions.siteId, siteQuestions.normalized],
        set: { askedAt: sql`max(${siteQuestions.askedAt}, excluded.asked_at)` },
      })
      .returning({ id: siteQuestions.id }),
    ctx.db.insert(siteQuestionAnswers).values({
      id: answerId,
      organizationId: ask.organizationId,
      siteId: ask.siteId,
      questionId: questionIdSql,
      questionType: type,
      inputText: normalized,
      inputRaw: ask.question,
      threadId: ask.previous?.threadId ?? answerId,
      previousId: ask.previous?.id ?? null,
      language: questionLanguage(ask.question),
      answered,
      helpfulness: answered === "yes" ? "high" : answered === "partially" ? "medium" : "low",
      relevance: drafted.known ? "relevant" : "unclear",
      channel: channelOf(ask.via),
      via: ask.via,
      text: drafted.text,
      followups: ask.followups,
      visitorId: ask.session?.visitorId ?? null,
      sessionId: ask.session?.sessionId ?? null,
      createdAt: now,
      updatedAt: now,
    }),
    chunk(
      sources.map((s, position) => ({
        id: newId(),
        answerId,
        siteId: ask.siteId,
        position,
        spaceId: s.spaceId,
        revisionId: s.revisionId,
        pageId: s.pageId,
        title: s.heading && s.heading !== s.pageTitle ? `${s.pageTitle} — ${s.heading}` : s.pageTitle,
        section: s.anchor,
        url: s.url,
        // The first cited source weighs most.
        weight: Math.round((1 / (position + 1)) * 1000) / 1000,
      })),
      rowsPerInsert(11),
    ).map((rows) => ctx.db.insert(siteQuestionAnswerSources).values(rows)),
  ]);
  return { questionId: question!.id, answerId };
}
