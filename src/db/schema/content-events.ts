import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The outbox: one row per write that others react to (services/core/outbox.ts), written in the write's own
 * batch with its `content-event` job (id `ce-<event id>`). Subscribers (src/jobs/registry.ts) read it by id.
 */
export const contentEvents = sqliteTable(
  "content_events",
  {
    id: text().primaryKey(),
    /** `space.content.updated`, `openapi.spec.updated` (CONTENT_EVENT_KINDS). */
    kind: text().notNull(),
    organizationId: text().notNull(),
    spaceId: text(),
    /** The change request a merge brought into main. */
    changeRequestId: text(),
    /** The revision the write created (main's new revision). */
    revisionId: text(),
    payload: text({ mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: integer().notNull(),
  },
  // The daily prune looks old rows up by age.
  (t) => [index("content_events_created").on(t.createdAt)],
);
