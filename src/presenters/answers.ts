import { markdownToDocument } from "../content/markdown";
import { iso } from "../lib/time";
import type { AnswerRow, AnswerSource, AnswerView, SiteQuestionView, SourceRow } from "../services/answers";
import type { UrlBases } from "../services/core";
import type { SearchAIAnswer } from "../wire/ask";
import type {
  SiteQuestion,
  SiteQuestionAnswer,
  SiteQuestionAnswerSourcePage,
  SiteQuestionAnswerWithResponse,
} from "../wire/site-question";

type Format = "document" | "markdown" | undefined;

/** A grounded answer as SearchAIAnswer: the text in the asked format, its sources grouped by page. */
export function presentSearchAIAnswer(
  answer: { text: string; sources: AnswerSource[]; followups: string[] },
  format: Format,
): SearchAIAnswer {
  const pages = new Map<string, { type: "page"; page: string; revision: string; space: string; sections: string[] }>();
  for (const s of answer.sources) {
    const key = `${s.spaceId}/${s.pageId}`;
    const page = pages.get(key) ?? {
      type: "page",
      page: s.pageId,
      revision: s.revisionId,
      space: s.spaceId,
      sections: [],
    };
    // The text before a page's first heading has no anchor: it is named by the page id (as search results do).
    const section = s.section || s.pageId;
    if (!page.sections.includes(section)) page.sections.push(section);
    pages.set(key, page);
  }
  return {
    answer: format === "document" ? { document: markdownToDocument(answer.text) } : { markdown: answer.text },
    followupQuestions: answer.followups,
    sources: [...pages.values()],
  };
}

/** The blocks of an answer's text, as response events and AIMessage steps carry them. */
export const answerBlocks = (text: string) => markdownToDocument(text).nodes;

const siteLocation = (urls: UrlBases, row: { organizationId: string; siteId: string }) =>
  `${urls.api}/v1/orgs/${row.organizationId}/sites/${row.siteId}`;

export function presentSiteQuestion({ row, stats }: SiteQuestionView, urls: UrlBases): SiteQuestion {
  return {
    object: "site-question",
    id: row.id,
    question: row.question,
    type: row.type as SiteQuestion["type"],
    createdAt: iso(row.createdAt),
    askedAt: iso(row.askedAt),
    stats,
    urls: { location: `${siteLocation(urls, row)}/questions/${row.id}` },
  };
}

export function presentSiteQuestionAnswer(row: AnswerRow, urls: UrlBases): SiteQuestionAnswer {
  type Answer = SiteQuestionAnswer;
  return {
    object: "site-question-answer",
    id: row.id,
    question: { id: row.questionId, type: row.questionType as Answer["question"]["type"] },
    topics: [],
    input: { text: row.inputText, raw: row.inputRaw },
    ...(row.previousId ? { thread: { id: row.threadId, previous: row.previousId } } : {}),
    ...(row.visitorId && row.sessionId ? { session: { visitorId: row.visitorId, sessionId: row.sessionId } } : {}),
    ...(row.rating === 1 || row.rating === -1 ? { feedback: { rating: row.rating } } : {}),
    responseId: row.id,
    language: row.language,
    answered: row.answered as Answer["answered"],
    helpfulness: row.helpfulness as Answer["helpfulness"],
    relevance: row.relevance as Answer["relevance"],
    channel: { type: row.channel as Answer["channel"]["type"] },
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    urls: { location: `${siteLocation(urls, row)}/answers/${row.id}` },
  };
}

/** An answer with its response as an AIMessage: one final-answer step holding the answer's document. */
export function presentSiteQuestionAnswerWithResponse(
  { row }: AnswerView,
  urls: UrlBases,
): SiteQuestionAnswerWithResponse {
  return {
    ...presentSiteQuestionAnswer(row, urls),
    response: {
      id: row.id,
      role: "assistant",
      steps: [{ content: markdownToDocument(row.text) as unknown as Record<string, unknown>, phase: "final_answer" }],
      response: { id: row.id, ...(row.previousId ? { previous: row.previousId } : {}) },
      createdAt: iso(row.createdAt),
    },
  };
}

/** A cited source: the page (and its published URL) with its weight in the answer. */
export function presentAnswerSource(row: SourceRow): SiteQuestionAnswerSourcePage {
  return {
    object: "site-question-answer-source",
    id: row.id,
    weight: row.weight,
    title: row.title,
    urls: { location: row.url },
    type: "page",
    space: row.spaceId,
    revision: row.revisionId,
    page: row.pageId,
  };
}
