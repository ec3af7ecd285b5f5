import { and, asc, eq, inArray } from "drizzle-orm";
import { batch } from "../../db/batch";
import { siteQuestionAnswerSources as src, siteQuestionAnswers as a, spaces } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { ServiceContext } from "../core";
import { siteSearchSpaces } from "../search";
import type { SourceRow } from "./questions";

/**
 * streamExistingAIResponseInSite: a stored answer of the site, replayed to a caller who may ask the site and
 * read every space it cites (else 404, as if it did not exist).
 */
export async function existingResponse(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  responseId: string,
) {
  const readable = await siteSearchSpaces(ctx, organizationId, siteId, { mode: "all" });
  const [[row], sources] = await batch(ctx.db, [
    ctx.db
      .select()
      .from(a)
      .where(and(eq(a.id, responseId), eq(a.siteId, siteId)))
      .limit(1),
    ctx.db
      .select()
      .from(src)
      .where(and(eq(src.answerId, responseId), eq(src.siteId, siteId)))
      .orderBy(asc(src.position)),
  ]);
  if (!row) throw notFound("AI response");
  const ids = [...new Set(sources.map((s: SourceRow) => s.spaceId))];
  if (ids.length) {
    const allowed = await ctx.db
      .select({ id: spaces.id })
      .from(spaces)
      .where(and(inArray(spaces.id, ids), readable))
      .then((rows) => new Set(rows.map((r) => r.id)));
    if (!ids.every((id) => allowed.has(id))) throw notFound("AI response");
  }
  return { row, sources };
}
