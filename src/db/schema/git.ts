import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * A space's Git sync: what the last sync request said about the provider (getSpaceGitInfo, the space's
 * `gitSync`), the order of syncs (`appliedTimestamp`: the latest `timestamp` applied; older syncs are skipped)
 * and the outcome of the last sync job, so that a failure is visible. The repository URL is kept without
 * credentials; the credentials travel sealed in the job's payload only.
 */
export const spaceGitSyncs = sqliteTable("space_git_syncs", {
  spaceId: text().primaryKey(),
  /** `owner/name` (or the last path segments) of the repository. */
  repoName: text(),
  provider: text({ enum: ["github", "gitlab"] }),
  /** The repository tree URL: `gitInfo.url`, else `repoTreeURL`, else the remote URL without credentials. */
  treeUrl: text(),
  ref: text(),
  /** Provider details last changed (ms). */
  updatedAt: integer().notNull(),
  /** The `timestamp` (ms) of the latest sync applied; null: none carried one. */
  appliedTimestamp: integer(),
  /** Commit of the last export Quire pushed (importing it back is a no-op). */
  exportedCommit: text(),
  /** Commit of the last import applied. */
  importedCommit: text(),
  /** The last sync job: its id, operation, status, commit, error and when it finished. */
  lastJobId: text(),
  lastOperation: text({ enum: ["import", "export"] }),
  lastStatus: text({ enum: ["pending", "running", "completed", "skipped", "failed"] }),
  lastCommit: text(),
  lastError: text(),
  lastFinishedAt: integer(),
  /** Attempts the last sync job made (a transient failure is retried; see services/git/git-jobs.ts). */
  lastAttempts: integer(),
  /**
   * Which page and file each repository path (from the repository's root) held at the last import or export:
   * a re-import keeps the id of a page or file whose path is still there.
   */
  paths: text({ mode: "json" }).$type<{ pages: Record<string, string>; files: Record<string, string> }>(),
});
