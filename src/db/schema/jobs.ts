import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Long work (translation runs, Git sync, OpenAPI processing, purge continuations). The row is written in the
 * same batch as the request's own write; the queue message carries only its id.
 */
export const jobs = sqliteTable(
  "jobs",
  {
    id: text().primaryKey(),
    kind: text().notNull(),
    status: text({ enum: ["pending", "running", "completed", "failed"] })
      .notNull()
      .default("pending"),
    payload: text({ mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
    result: text({ mode: "json" }).$type<Record<string, unknown>>(),
    error: text(),
    attempts: integer().notNull().default(0),
    /** How many times the stuck-job sweep re-sent this job's message (bounded; then the job fails). */
    resends: integer().notNull().default(0),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  // The stuck-job sweep and the prune look jobs up by status and age (updated_at).
  (t) => [index("jobs_status_updated").on(t.status, t.updatedAt)],
);
