import { and, desc, eq, exists, inArray, notExists, type SQL, sql } from "drizzle-orm";
import {
  siteQuestionAnswerSources as src,
  siteQuestionAnswers as a,
  siteQuestions as q,
  sites,
  spaces,
} from "../../db/schema";
import { memberRole, type ServiceContext } from "../core";
import { siteSearchSpaces } from "../search";
import { memberReadableSpaces } from "./member-spaces";

// Recommended questions: questions readers already asked and got an answer to, whose every cited source is in a
// space the caller may read (so a question never points at content hidden from them). Most asked first. A
// reader's question is their own text: a site's visitors are recommended only questions at least
// VISITOR_ASKERS distinct sessions asked (no one visitor's question reaches the others); members, who may list
// every question of their sites anyway (listSiteQuestions), are recommended any.

const RECOMMENDED = 5;
export const VISITOR_ASKERS = 3;

function recommendedStatement(ctx: ServiceContext, where: SQL | undefined, readable: SQL | undefined, askers = 1) {
  const cites = and(eq(src.answerId, a.id), eq(a.questionId, q.id));
  return ctx.db
    .select({ question: q.question })
    .from(q)
    .where(
      and(
        where,
        askers > 1
          ? sql`(SELECT count(DISTINCT ${a.sessionId}) FROM ${a} WHERE ${a.questionId} = ${q.id}) >= ${askers}`
          : undefined,
        exists(
          ctx.db
            .select({ one: sql`1` })
            .from(a)
            .innerJoin(src, eq(src.answerId, a.id))
            .where(and(cites, eq(a.answered, "yes"))),
        ),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(a)
            .innerJoin(src, eq(src.answerId, a.id))
            .where(
              and(cites, sql`${src.spaceId} NOT IN (SELECT ${spaces.id} FROM ${spaces} WHERE ${readable ?? sql`1`})`),
            ),
        ),
      ),
    )
    .orderBy(desc(sql`(SELECT count(*) FROM ${a} WHERE ${a.questionId} = ${q.id})`), desc(q.askedAt))
    .limit(RECOMMENDED);
}

/** streamRecommendedQuestionsInSite: for anyone who may ask the site (401/404 as the site search). */
export async function recommendedQuestionsInSite(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  siteSpaceId?: string,
): Promise<string[]> {
  const readable = await siteSearchSpaces(ctx, organizationId, siteId, {
    mode: "default",
    includedSiteSpaces: siteSpaceId ? [siteSpaceId] : [],
    field: "query.siteSpaceId",
  });
  const member = memberRole(ctx.caller, organizationId) !== undefined;
  const rows = await recommendedStatement(ctx, eq(q.siteId, siteId), readable, member ? 1 : VISITOR_ASKERS);
  return rows.map((r) => r.question);
}

/** getRecommendedQuestionsInOrganization: members; questions of the organization's sites they can read. */
export async function recommendedQuestionsInOrganization(ctx: ServiceContext, organizationId: string) {
  const readable = await memberReadableSpaces(ctx, organizationId);
  const ownSites = inArray(
    q.siteId,
    ctx.db.select({ id: sites.id }).from(sites).where(eq(sites.organizationId, organizationId)),
  );
  const rows = await recommendedStatement(ctx, ownSites, readable);
  return rows.map((r) => r.question);
}
