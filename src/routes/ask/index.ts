import { createRouter } from "../../http/router";
import * as askInOrganization from "./ask-in-organization";
import * as getRecommendedQuestionsInOrganization from "./get-recommended-questions-in-organization";
import * as streamAIResponseInSite from "./stream-ai-response-in-site";
import * as streamAskInOrganization from "./stream-ask-in-organization";
import * as streamAskInSite from "./stream-ask-in-site";
import * as streamExistingAIResponseInSite from "./stream-existing-ai-response-in-site";
import * as streamRecommendedQuestionsInOrganization from "./stream-recommended-questions-in-organization";
import * as streamRecommendedQuestionsInSite from "./stream-recommended-questions-in-site";

/** Grounded answers (issue 31 part 3): asking a site or an organization, recommended questions, AI responses. */
export default createRouter()
  .openapi(streamAskInSite.route, streamAskInSite.handler)
  .openapi(streamRecommendedQuestionsInSite.route, streamRecommendedQuestionsInSite.handler)
  .openapi(streamAIResponseInSite.route, streamAIResponseInSite.handler)
  .openapi(streamExistingAIResponseInSite.route, streamExistingAIResponseInSite.handler)
  .openapi(askInOrganization.route, askInOrganization.handler)
  .openapi(getRecommendedQuestionsInOrganization.route, getRecommendedQuestionsInOrganization.handler)
  .openapi(streamRecommendedQuestionsInOrganization.route, streamRecommendedQuestionsInOrganization.handler)
  .openapi(streamAskInOrganization.route, streamAskInOrganization.handler);
