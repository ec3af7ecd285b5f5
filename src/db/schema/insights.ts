import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Site insights as daily rollups (migration 0053): one row per site, UTC day (`YYYY-MM-DD`) and combination of
 * dimensions (`key` hashes them). `bot` null is a person; any other value an agent. Kept INSIGHTS_RETENTION_DAYS.
 */
export const siteEventRollups = sqliteTable(
  "site_event_rollups",
  {
    siteId: text().notNull(),
    day: text().notNull(),
    key: text().notNull(),
    eventType: text().notNull(),
    bot: text(),
    displayContext: text().notNull(),
    url: text().notNull(),
    urlPath: text().notNull(),
    siteSection: text(),
    siteSpace: text(),
    siteShareKey: text(),
    space: text(),
    page: text(),
    visitorDevice: text().notNull(),
    visitorBrowser: text().notNull(),
    visitorOs: text().notNull(),
    visitorLanguage: text(),
    visitorAuthenticated: integer({ mode: "boolean" }).notNull(),
    referrer: text().notNull(),
    referrerDomain: text().notNull(),
    searchQuery: text().notNull(),
    pageFeedbackRating: text(),
    pageFeedbackComment: text(),
    askRating: integer(),
    linkPosition: text(),
    linkTargetKind: text(),
    linkTargetDomain: text(),
    llmsVariant: text(),
    markdownSource: text(),
    events: integer().notNull(),
    sessions: integer().notNull(),
    visitors: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.key] }), index("site_event_rollups_day").on(t.day)],
);

/** Sessions and visitors already counted in a rollup row (or a segment, day `*`): kept while the day is open. */
export const siteEventUniques = sqliteTable(
  "site_event_uniques",
  {
    siteId: text().notNull(),
    day: text().notNull(),
    key: text().notNull(),
    ident: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.key, t.ident] }), index("site_event_uniques_day").on(t.day)],
);

/** Visitors grouped by the claims their visitor pass carried (listSiteVisitorSegments). */
export const siteVisitorSegments = sqliteTable(
  "site_visitor_segments",
  {
    siteId: text().notNull(),
    claimsKey: text().notNull(),
    title: text().notNull(),
    claims: text({ mode: "json" }).$type<Record<string, unknown>>().notNull(),
    events: integer().notNull(),
    sessions: integer().notNull(),
    visitors: integer().notNull(),
    lastSeenDay: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.claimsKey] }), index("site_visitor_segments_seen").on(t.lastSeenDay)],
);

/** Feedback agents sent about a site (the API's two operations, the MCP tool). */
export const siteAgentFeedback = sqliteTable(
  "site_agent_feedback",
  {
    id: text().primaryKey(),
    siteId: text().notNull(),
    createdAt: integer().notNull(),
    source: text(),
    subjectKind: text().notNull(),
    subject: text({ mode: "json" }).$type<Record<string, unknown>>().notNull(),
    category: text(),
    severity: text(),
    summary: text().notNull(),
    detail: text(),
    goal: text(),
    reportedBy: text({ mode: "json" }).$type<Record<string, unknown>>(),
    url: text(),
    spaceId: text(),
    pageId: text(),
    rating: integer(),
    agent: text(),
  },
  (t) => [
    index("site_agent_feedback_site").on(t.siteId, t.createdAt),
    index("site_agent_feedback_created").on(t.createdAt),
  ],
);
