import { z } from "@hono/zod-openapi";
import { listEnvelope, TimestampSchema } from "./common";

/** Events one trackEventsInSiteById call may carry (README "Insights"). */
export const MAX_EVENTS_PER_CALL = 100;
const Id = z.string().min(1).max(128);
const NullableId = Id.nullable();
const Url = z.string().min(1).max(2048);
const FIVE_MINUTES = 5 * 60 * 1000;

/** Any JSON object of bounded size (visitor claims). */
const PlainObject = z
  .record(z.string(), z.unknown())
  .refine((v) => JSON.stringify(v).length <= 4096, "must be at most 4096 characters as JSON");

export const SiteInsightsDisplayContextSchema = z
  .enum(["site", "server", "embed", "mcp"])
  .openapi("SiteInsightsDisplayContext");

const Session = z.object({
  visitorId: Id,
  sessionId: Id,
  cookies: z
    .record(z.string().max(256), z.string().max(4096))
    .refine((v) => Object.keys(v).length <= 50, "must have at most 50 cookies")
    .optional()
    .openapi({ description: "Accepted and ignored: Quire sets and reads no analytics cookie" }),
  ip: z.string().max(64).optional().openapi({ description: "Accepted and ignored: Quire keeps no address" }),
  userAgent: z.string().max(512),
  language: z.string().max(64).nullable(),
  referrer: z.union([z.literal(""), Url]).nullable(),
  visitorAuthToken: z.string().max(8192).nullable().optional(),
  visitorAuthClaims: PlainObject.optional(),
});

const Location = z.object({
  url: Url,
  displayContext: SiteInsightsDisplayContextSchema.optional(),
  siteSection: NullableId,
  siteSpace: NullableId,
  siteShareKey: NullableId,
  space: NullableId,
  revision: NullableId,
  page: NullableId,
});

const Timestamp = TimestampSchema.refine(
  (t) => Math.abs(Date.parse(t) - Date.now()) <= FIVE_MINUTES,
  "must be within 5 minutes of the current time",
);

const base = { session: Session, location: Location, timestamp: Timestamp.optional() };
const Query = z.string().max(512);
const Rating = z.enum(["bad", "ok", "good"]);
const Operation = z.object({ path: z.string().max(1024), method: z.string().max(16) });
const Ad = z.object({ domain: z.string().max(256), zoneId: z.string().max(128), placement: z.enum(["aside"]) });
const LinkTarget = z
  .object({
    kind: z.enum([
      "file",
      "url",
      "page",
      "anchor",
      "user",
      "collection",
      "space",
      "reusable-content",
      "tag",
      "openapi",
    ]),
  })
  .catchall(z.string().max(2048));

const event = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ ...base, type: z.literal(type), ...shape });

/** The reference's SiteInsightsEvent: one of its twenty kinds, every string bounded. */
export const SiteInsightsEventSchema = z
  .discriminatedUnion("type", [
    event("page_view", {}),
    event("page_markdown_request", { markdownSource: z.enum(["page-action"]).optional() }),
    event("search_open", {}),
    event("search_type_query", { query: Query }),
    event("search_open_result", {
      query: Query,
      result: z.union([z.object({ spaceId: Id, pageId: Id }), z.object({ recordId: Id })]),
    }),
    event("page_post_feedback", { feedback: z.object({ rating: Rating }) }),
    event("page_post_feedback_comment", {
      feedback: z.object({ rating: Rating, comment: z.string().min(1).max(512) }),
    }),
    event("agent_feedback", {}),
    event("ask_question", { query: Query, goal: z.string().max(1024).optional() }),
    event("ask_view", {}),
    event("ask_rate_response", { query: Query, rating: z.union([z.literal(1), z.literal(-1)]), responseId: Id }),
    event("link_click", {
      link: z.object({
        target: LinkTarget,
        position: z.enum(["announcement", "header", "footer", "sidebar", "content"]),
      }),
    }),
    event("api_client_open", { operation: Operation }),
    event("api_client_request", { operation: Operation }),
    event("trademark_click", { placement: z.enum(["sidebar", "ad", "footer", "pdf", "embed"]) }),
    event("ad_click", { ad: Ad }),
    event("ad_display", { ad: Ad }),
    event("llms_request", { llmsVariant: z.enum(["standard", "full"]) }),
    event("mcp_request", {}),
    event("rss_request", {}),
  ])
  .openapi("SiteInsightsEvent");
export type SiteInsightsEvent = z.infer<typeof SiteInsightsEventSchema>;

export const TrackSiteEventsBody = z.object({
  events: z.array(SiteInsightsEventSchema).min(1).max(MAX_EVENTS_PER_CALL),
});

const COLUMNS = [
  "datetime",
  "dayOfWeek",
  "hourOfDay",
  "url",
  "urlPath",
  "eventType",
  "eventsCount",
  "sessionsCount",
  "visitorsCount",
  "siteSection",
  "siteSpace",
  "siteShareKey",
  "displayContext",
  "page",
  "visitorGeoCountry",
  "visitorGeoPoint",
  "visitorDevice",
  "visitorBrowser",
  "visitorOS",
  "visitorBot",
  "visitorLanguage",
  "eventLinkTargetValue",
  "eventLinkTargetKind",
  "eventLinkTargetDomain",
  "eventLinkPosition",
  "eventAPIOperationPath",
  "eventAPIOperationMethod",
  "eventLLMSVariant",
  "eventPageNotFoundType",
  "eventMarkdownSource",
  "eventSearchQuery",
  "eventSearchResultRecordId",
  "eventPageFeedbackRating",
  "eventPageFeedbackComment",
  "eventAskResponseRating",
  "pageFeedbackRating",
  "askResponseRating",
  "referrer",
  "referrerDomain",
  "utmSource",
  "utmMedium",
  "utmCampaign",
  "utmTerm",
  "utmContent",
  "visitorAuthenticated",
  "visitorClaimProperty",
  "visitorClaim",
  "eventAdDomain",
  "eventAdPlacement",
  "eventTrademarkPlacement",
] as const;

/** A column of the reference's SiteInsightsQueryEventsColumn (`interval` only for `datetime`). */
const Column = z.object({
  column: z.enum(COLUMNS),
  interval: z.enum(["hour", "day", "week", "month"]).optional(),
});

const Filter = z.object({
  column: z.enum(COLUMNS),
  values: z
    .array(z.union([z.string().max(2048), z.number(), z.boolean(), z.null(), z.record(z.string(), z.unknown())]))
    .max(100),
  operator: z.enum(["in", "notIn", "greaterThan", "greaterThanOrEqual", "lessThan", "lessThanOrEqual"]).optional(),
});

export const SiteInsightsQueryEventsAggregationSchema = z
  .object({
    select: z.array(Column).max(20).optional(),
    where: z.array(Filter).max(20).optional(),
    groupBy: z.array(Column).max(10).optional(),
    order: z.object({ by: Column, direction: z.enum(["asc", "desc"]) }).optional(),
    range: z.union([
      z.enum(["lastYear", "last3Months", "last30Days", "last7Days", "last24Hours"]),
      z.object({ from: TimestampSchema, to: TimestampSchema }),
    ]),
    limit: z.number().int().min(1).max(1000).optional(),
  })
  .openapi("SiteInsightsQueryEventsAggregation");

export const SiteInsightsQueryEventsAggregationResultSchema = z
  .object({ columns: z.array(z.object({ column: z.string(), values: z.array(z.unknown()) })) })
  .openapi("SiteInsightsQueryEventsAggregationResult");

export const SiteInsightsVisitorSegmentSchema = z
  .object({
    title: z.string(),
    claims: z.record(z.string(), z.unknown()),
    events: z.number(),
    visitors: z.number(),
    sessions: z.number(),
  })
  .openapi("SiteInsightsVisitorSegment");

export const SiteInsightsVisitorSegmentList = listEnvelope(SiteInsightsVisitorSegmentSchema);

const AgentGoal = z.string().max(1024);

/** submitSiteAgentFeedback's body (deprecated in the reference; inline there). */
export const SiteAgentFeedbackBody = z.object({
  feedback: z.string().min(1).max(2048),
  goal: AgentGoal.optional(),
  url: Url,
  spaceId: Id,
  pageId: Id,
  source: z.enum(["mcp", "assistant"]).optional(),
});

const Subject = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("mcp-tool"),
    toolName: z.string().max(200),
    target: z.string().max(200).optional(),
  }),
  z.strictObject({
    kind: z.literal("cli-command"),
    command: z.string().max(200),
    flags: z.array(z.string().max(100)).max(50).optional(),
  }),
  z.strictObject({
    kind: z.literal("api-endpoint"),
    method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]),
    path: z.string().max(500),
  }),
  z.strictObject({ kind: z.literal("documentation"), url: Url }),
  z.strictObject({ kind: z.literal("generic") }),
]);

export const AgentFeedbackInputSchema = z
  .strictObject({
    reportedBy: z
      .strictObject({
        model: z.string().max(100).optional(),
        userAgent: z.string().max(512).optional(),
        correlationId: z.string().max(100).optional(),
        onDemand: z.boolean().optional(),
      })
      .optional(),
    subject: Subject,
    feedback: z.strictObject({
      category: z.enum([
        "usability",
        "reliability",
        "documentation",
        "efficiency",
        "interoperability",
        "could-not-accomplish",
      ]),
      severity: z.enum(["low", "medium", "high"]).optional(),
      goal: AgentGoal.optional(),
      summary: z.string().min(1).max(256),
      detail: z.string().max(4096).optional(),
      workaround: z.string().max(2048).optional(),
      metrics: z
        .strictObject({
          callCount: z.number().int().min(0).optional(),
          successCount: z.number().int().min(0).optional(),
          retryCount: z.number().int().min(0).optional(),
        })
        .optional(),
    }),
  })
  .openapi("AgentFeedbackInput");
export type AgentFeedbackInput = z.infer<typeof AgentFeedbackInputSchema>;

export const AgentFeedbackReceiptSchema = z.object({ id: z.string(), result: z.string() });
