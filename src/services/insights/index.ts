// The insights domain's public surface (issue 31 part 4): site events as daily rollups, visitor segments and
// agent feedback. Ranks above `agents` (README "Service domains"); imports only lower domains, through index.ts.
export { aggregateSiteEvents } from "./aggregate";
export type { AggregationQuery } from "./aggregate";
export { SITE_EVENT_TYPES } from "./event-dimensions";
export type { SiteEventInput, SiteEventType } from "./event-dimensions";
export { recordServedEvent, recordSiteEvents } from "./events";
export { recordAgentFeedback, storeAgentFeedback } from "./feedback";
export type { AgentFeedbackRecord } from "./feedback";
export { isAgentRequest } from "./readers";
export { insightsRetentionDays, pruneInsights } from "./retention";
export { listVisitorSegments } from "./segments";
export type { VisitorSegmentView } from "./segments";
export { admitToSite } from "./site-gate";
