import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export type ImportRunStatus = "pending" | "in-progress" | "completed" | "failed" | "cancelled";

/** Where a run imports from (the 0.202 `ContentImportSource`). */
export type ImportRunSource = { type: "website"; url: string } | { type: "file"; files: string[] };

/** One planned page of a run and what became of it. */
export interface ImportRunPage {
  /** The sub-plan (one per uploaded file; one for a website) and the page's ref in it. */
  plan: number;
  ref: string;
  title: string;
  type: "page" | "folder";
  sourceURL?: string;
  /** The created page, once written. */
  pageId?: string;
  status: "pending" | "complete" | "failed";
  error?: string;
  /** Written with links to pages not written yet: updated when the run ends. */
  forward?: boolean;
}

/** An import run (startImportRun): planned by its job, then written page by page into `space_id`. */
export const importRuns = sqliteTable(
  "import_runs",
  {
    id: text().primaryKey(),
    organizationId: text().notNull(),
    spaceId: text().notNull(),
    changeRequestId: text(),
    pageId: text(),
    siteId: text(),
    source: text({ mode: "json" }).$type<ImportRunSource>().notNull(),
    status: text().$type<ImportRunStatus>().notNull(),
    reason: text(),
    cancelRequested: integer({ mode: "boolean" }).notNull().default(false),
    jobId: text(),
    createdBy: text(),
    pages: text({ mode: "json" }).$type<ImportRunPage[]>().notNull().default([]),
    /** Files written so far, by `<plan>:<ref>`: their ids in the space (later pages link to them). */
    files: text({ mode: "json" }).$type<Record<string, string>>().notNull().default({}),
    pagesTotal: integer().notNull().default(0),
    pagesDone: integer().notNull().default(0),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
    startedAt: integer(),
    completedAt: integer(),
  },
  (t) => [
    index("import_runs_org_created").on(t.organizationId, t.createdAt, t.id),
    index("import_runs_space").on(t.spaceId),
  ],
);
