import { createRouter } from "../../http/router";
import * as aggregateSiteEvents from "./aggregate-site-events";
import * as listSiteVisitorSegments from "./list-site-visitor-segments";
import * as submitAgentFeedbackToSite from "./submit-agent-feedback-to-site";
import * as submitSiteAgentFeedback from "./submit-site-agent-feedback";
import * as trackEventsInSiteById from "./track-events-in-site-by-id";

/** Issue 31 part 4: site insights and agent feedback. */
export default createRouter()
  .openapi(trackEventsInSiteById.route, trackEventsInSiteById.handler)
  .openapi(aggregateSiteEvents.route, aggregateSiteEvents.handler)
  .openapi(listSiteVisitorSegments.route, listSiteVisitorSegments.handler)
  .openapi(submitSiteAgentFeedback.route, submitSiteAgentFeedback.handler)
  .openapi(submitAgentFeedbackToSite.route, submitAgentFeedbackToSite.handler);
