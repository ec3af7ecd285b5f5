// The answers domain's public surface (grounded answers and the site questions store): what routes, the MCP
// server and jobs import. Other domains import this one only through this file, and only if they rank above it.
export { answerInOrganization, answerInSite } from "./answer";
export type { AnswerSource, AskOptions, GroundedAnswer } from "./answer";
export type { AskedVia } from "./store";
export { listSiteQuestions, getSiteQuestion, getSiteQuestionStats, listSiteQuestionSources } from "./questions";
export type { QuestionSort, SiteQuestionView, SourceRow } from "./questions";
export { getSiteAnswer, getSiteAnswerThread, listSiteAnswers, listSiteAnswerSources } from "./answer-reads";
export type { AnswerListFilters, AnswerRow, AnswerView } from "./answer-reads";
export type { AnswerFilters, SiteQuestionStatsView } from "./stats";
export { QUESTION_TYPES, RELEVANCES, RESOLUTIONS } from "./stats";
export { recommendedQuestionsInOrganization, recommendedQuestionsInSite } from "./recommended";
export { existingResponse } from "./replay";
export { indexSectionVectors } from "./vector-index";
