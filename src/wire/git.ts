import { z } from "@hono/zod-openapi";

export const GitInfoBody = z
  .object({
    provider: z.enum(["github", "gitlab"]).optional(),
    url: z.string().max(2048).optional(),
  })
  .openapi("UpdateSpaceGitInfo");
export type UpdateSpaceGitInfo = z.infer<typeof GitInfoBody>;

/** Fields both sync directions take. `url` may carry basic-auth credentials (never stored in clear). */
const syncFields = {
  url: z.string().min(1).max(2048).openapi({ description: "Repository URL; may contain basic-auth credentials" }),
  ref: z.string().min(1).max(255).openapi({ description: 'Git ref, as "refs/heads/main"' }),
  repoCacheID: z.string().max(255).optional(),
  repoTreeURL: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional(),
  repoCommitURL: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional(),
  repoProjectDirectory: z.string().max(1024).optional(),
  timestamp: z.iso.datetime({ offset: true }).optional(),
  force: z.boolean().optional(),
  gitInfo: GitInfoBody.optional(),
};

export const ImportGitRepositoryBody = z
  .object({ ...syncFields, standalone: z.boolean().optional() })
  .openapi("ImportGitRepository");
export type ImportGitRepository = z.infer<typeof ImportGitRepositoryBody>;

export const ExportToGitRepositoryBody = z
  .object({ ...syncFields, commitMessage: z.string().min(1).max(10_000) })
  .openapi("ExportToGitRepository");
export type ExportToGitRepository = z.infer<typeof ExportToGitRepositoryBody>;

export const LastSyncSchema = z
  .object({
    operation: z.enum(["import", "export"]),
    status: z.enum(["pending", "running", "completed", "skipped", "failed"]),
    commit: z.string().optional(),
    error: z.string().optional(),
    /** Attempts the job made (transient failures are retried with backoff, at most 4 attempts). */
    attempts: z.number().int().optional(),
    finishedAt: z.string().optional(),
  })
  .openapi("QuireGitLastSync", {
    description:
      "Quire: the last sync job (pending, running, completed, skipped as older or already applied, or failed with its error); while a transient failure is retried, `status` is pending and `error` the last attempt's",
  });

export const GitSyncStateSchema = z
  .object({
    repoName: z.string().optional(),
    installationProvider: z.enum(["github", "gitlab"]).optional(),
    integration: z.string().optional(),
    url: z.string().optional(),
    updatedAt: z.string().optional(),
    lastSync: LastSyncSchema.optional(),
  })
  .openapi("GitSyncState");
export type GitSyncState = z.infer<typeof GitSyncStateSchema>;
