import { and, eq } from "drizzle-orm";
import { siteQuestionAnswers } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { authorize } from "../access";
import { agentInstructions } from "../agents";
import { memberRole, requireUser, type ServiceContext } from "../core";
import type { SiteSearchScope } from "../search";
import { type Drafted, extractiveAnswer, type RetrievedSection } from "./extractive";
import { DEFAULT_ANSWER_MODEL, generatedAnswer } from "./generate";
import { retrieveInOrganization, retrieveInSite } from "./retrieve";
import { type AskedVia, recordAnswer } from "./store";

/** A source an answer cites: the page, its section (heading anchor) and where a reader opens it. */
export interface AnswerSource {
  spaceId: string;
  pageId: string;
  revisionId: string;
  title: string;
  section?: string;
  url: string;
}

/** An answer grounded in the documentation (the agreed interface of services/answers). */
export interface GroundedAnswer {
  questionId: string;
  answerId: string;
  text: string;
  known: boolean;
  sources: { spaceId: string; pageId: string; title: string; section?: string; url: string }[];
}

export interface AskOptions {
  via: AskedVia;
  /** Which site spaces to answer from (default: each section's default content). */
  scope?: SiteSearchScope;
  /** The answer this question follows up (a conversation): an answer id of the same site. */
  previousAnswerId?: string;
  session?: { visitorId: string; sessionId: string };
}

const MAX_QUESTION = 2048;

/** The organization's agent instructions, read only when a model will see them (in parallel with retrieval). */
const instructionsFor = (ctx: ServiceContext, organizationId: string) =>
  ctx.env.AI ? agentInstructions(ctx.db, organizationId) : Promise.resolve(undefined);

/**
 * Drafts with Workers AI when bound (the organization's agent instructions in its prompt), else extractively;
 * both only from the retrieved sections.
 */
async function draft(
  ctx: ServiceContext,
  question: string,
  terms: string[],
  sections: RetrievedSection[],
  instructions: string | undefined,
) {
  const { AI } = ctx.env;
  if (AI) return generatedAnswer(AI, ctx.env.ANSWER_MODEL || DEFAULT_ANSWER_MODEL, question, sections, instructions);
  return extractiveAnswer(terms, sections);
}

const sourcesOf = (drafted: Drafted, sections: RetrievedSection[]) => drafted.cited.map((i) => sections[i]!);

export function presentableSource(s: RetrievedSection): AnswerSource {
  return {
    spaceId: s.spaceId,
    pageId: s.pageId,
    revisionId: s.revisionId,
    title: s.heading && s.heading !== s.pageTitle ? `${s.pageTitle} — ${s.heading}` : s.pageTitle,
    ...(s.anchor ? { section: s.anchor } : {}),
    url: s.url,
  };
}

/** Suggested follow-ups: the other retrieved pages' titles, as questions (never invented topics). */
function followupsOf(sections: RetrievedSection[], cited: number[]) {
  const titles = sections.filter((_, i) => !cited.includes(i)).map((s) => s.pageTitle);
  return [...new Set(titles)].slice(0, 3).map((t) => `What about ${t}?`);
}

/**
 * answerInSite: answers from what the caller may read on the site (the site search applies visibility, visitor
 * passes and adaptive content; 401/404 as searchSiteContent), cites every source, says "I don't know" when
 * nothing relevant is found, and stores the question and the answer (served by the site-question operations).
 */
export async function answerInSite(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  question: string,
  opts: AskOptions,
): Promise<GroundedAnswer & { sources: AnswerSource[]; followups: string[] }> {
  if (question.length > MAX_QUESTION) throw badRequest(`question: must be at most ${MAX_QUESTION} characters`);
  const scope = opts.scope ?? { mode: "default", includedSiteSpaces: [], field: "body.scope" };
  const [{ terms, sections }, instructions] = await Promise.all([
    retrieveInSite(ctx, organizationId, siteId, question, scope),
    instructionsFor(ctx, organizationId),
  ]);
  let previous: { id: string; threadId: string } | undefined;
  if (opts.previousAnswerId) {
    const [row] = await ctx.db
      .select({ id: siteQuestionAnswers.id, threadId: siteQuestionAnswers.threadId })
      .from(siteQuestionAnswers)
      .where(and(eq(siteQuestionAnswers.id, opts.previousAnswerId), eq(siteQuestionAnswers.siteId, siteId)))
      .limit(1);
    if (!row) throw badRequest("previousResponseId: is not a response of this site");
    previous = row;
  }
  const drafted = await draft(ctx, question, terms, sections, instructions);
  const cited = sourcesOf(drafted, sections);
  const followups = drafted.known ? followupsOf(sections, drafted.cited) : [];
  const ids = await recordAnswer(
    ctx,
    { organizationId, siteId, question, via: opts.via, previous, session: opts.session, followups },
    drafted,
    cited,
  );
  return { ...ids, text: drafted.text, known: drafted.known, sources: cited.map(presentableSource), followups };
}

/**
 * askInOrganization: a member's question answered from the organization's spaces they can read (the
 * organization search's visibility), with the same answerer; not stored (the store is per site).
 */
export async function answerInOrganization(ctx: ServiceContext, organizationId: string, question: string) {
  const caller = requireUser(ctx.caller);
  authorize(memberRole(caller, organizationId), "organization.view", "Organization");
  if (question.length > MAX_QUESTION) throw badRequest(`query: must be at most ${MAX_QUESTION} characters`);
  const [{ terms, sections }, instructions] = await Promise.all([
    retrieveInOrganization(ctx, organizationId, question),
    instructionsFor(ctx, organizationId),
  ]);
  const drafted = await draft(ctx, question, terms, sections, instructions);
  return {
    text: drafted.text,
    known: drafted.known,
    sources: sourcesOf(drafted, sections).map(presentableSource),
    followups: drafted.known ? followupsOf(sections, drafted.cited) : [],
  };
}
