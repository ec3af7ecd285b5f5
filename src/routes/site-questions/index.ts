import { createRouter } from "../../http/router";
import * as getSiteQuestionAnswerById from "./get-site-question-answer-by-id";
import * as getSiteQuestionAnswerThreadById from "./get-site-question-answer-thread-by-id";
import * as getSiteQuestionById from "./get-site-question-by-id";
import * as getSiteQuestionStats from "./get-site-question-stats";
import * as listSiteQuestionAnswerSources from "./list-site-question-answer-sources";
import * as listSiteQuestionAnswers from "./list-site-question-answers";
import * as listSiteQuestionSources from "./list-site-question-sources";
import * as listSiteQuestions from "./list-site-questions";

/** The site questions store (0.202): the questions asked of a site's assistant, its answers and their sources. */
export default createRouter()
  .openapi(listSiteQuestions.route, listSiteQuestions.handler)
  .openapi(getSiteQuestionById.route, getSiteQuestionById.handler)
  .openapi(listSiteQuestionSources.route, listSiteQuestionSources.handler)
  .openapi(getSiteQuestionStats.route, getSiteQuestionStats.handler)
  .openapi(listSiteQuestionAnswers.route, listSiteQuestionAnswers.handler)
  .openapi(getSiteQuestionAnswerById.route, getSiteQuestionAnswerById.handler)
  .openapi(getSiteQuestionAnswerThreadById.route, getSiteQuestionAnswerThreadById.handler)
  .openapi(listSiteQuestionAnswerSources.route, listSiteQuestionAnswerSources.handler);
