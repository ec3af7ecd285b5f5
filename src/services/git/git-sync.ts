import { eq, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { jobs, spaceGitSyncs } from "../../db/schema";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import { authorize, loadSpace } from "../access";
import { requireUser, type ServiceContext, newJob } from "../core";
import { encryptSecrets } from "../integrations";
import { normalizeRef, parseRemote, type Remote } from "./remote";

/*
 * Git sync requests: importGitRepository and exportToGitRepository queue a job (its row and the space's sync
 * state in one batch, then the queue message); getSpaceGitInfo reads the state. The repository URL is stored
 * without its credentials; the credentials ride in the job's payload, sealed (AES-GCM under the instance
 * secret), and are never returned.
 */

export const GIT_IMPORT_JOB_KIND = "git-import";
export const GIT_EXPORT_JOB_KIND = "git-export";

export type GitProvider = "github" | "gitlab";
export type SyncState = typeof spaceGitSyncs.$inferSelect;

export interface GitSyncInput {
  url: string;
  ref: string;
  repoCacheID?: string;
  repoTreeURL?: string;
  repoCommitURL?: string;
  repoProjectDirectory?: string;
  timestamp?: string;
  force?: boolean;
  gitInfo?: { provider?: GitProvider; url?: string };
}

export interface GitImportInput extends GitSyncInput {
  standalone?: boolean;
}

export interface GitExportInput extends GitSyncInput {
  commitMessage: string;
}

/** What a sync job carries (payload of `git-import` / `git-export`). */
export interface SyncPayload {
  spaceId: string;
  url: string;
  /** Sealed `{username, password}`, or null. */
  credentials: string | null;
  ref: string;
  projectDirectory: string;
  repoTreeURL?: string;
  repoCommitURL?: string;
  timestamp: number | null;
  force: boolean;
  standalone?: boolean;
  commitMessage?: string;
  requestedBy: string;
}

/** `docs/` → `docs`; `..` or an absolute path is refused (400). */
export function normalizeDirectory(dir: string | undefined): string {
  const parts = (dir ?? "").split("/").filter((p) => p !== "" && p !== ".");
  if (parts.some((p) => p === "..")) throw badRequest("body.repoProjectDirectory: must stay inside the repository");
  return parts.join("/");
}

/** `owner/name` from a repository URL (its last two path segments, `.git` dropped). */
export function repoNameOf(url: string): string | undefined {
  try {
    const segments = new URL(url).pathname.split("/").filter(Boolean);
    const name = segments
      .slice(-2)
      .join("/")
      .replace(/\.git$/, "");
    return name || undefined;
  } catch {
    return undefined;
  }
}

/** A URL shown back to clients, without any credentials it carried. */
function withoutCredentials(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = "";
    parsed.password = "";
    return parsed.toString();
  } catch {
    return url.replace(/\/\/[^/@]*@/, "//");
  }
}

function parseTimestamp(value: string | undefined): number | null {
  if (value === undefined) return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw badRequest("body.timestamp: not a date-time");
  return ms;
}

async function queueSync(
  ctx: ServiceContext,
  spaceId: string,
  operation: "import" | "export",
  input: GitImportInput | GitExportInput,
): Promise<{ jobId: string }> {
  const caller = requireUser(ctx.caller);
  const found = await loadSpace(ctx, spaceId);
  if (!found || found.row.deletedAt !== null) throw notFound("Space");
  authorize(found.access, "space.triggerGitSync", "Space");
  const standalone = operation === "import" && (input as GitImportInput).standalone === true;
  if (operation === "import" && !standalone && found.row.editMode === "locked")
    throw forbidden("The space is locked: its content cannot change");
  const remote = parseRemote(ctx.env, input.url);
  const payload: SyncPayload = {
    spaceId,
    url: remote.url,
    credentials: remote.auth ? await encryptSecrets(ctx, { ...remote.auth }) : null,
    ref: normalizeRef(input.ref),
    projectDirectory: normalizeDirectory(input.repoProjectDirectory),
    ...(input.repoTreeURL ? { repoTreeURL: withoutCredentials(input.repoTreeURL) } : {}),
    ...(input.repoCommitURL ? { repoCommitURL: input.repoCommitURL } : {}),
    timestamp: parseTimestamp(input.timestamp),
    force: input.force === true,
    ...(standalone ? { standalone } : {}),
    ...(operation === "export" ? { commitMessage: (input as GitExportInput).commitMessage } : {}),
    requestedBy: caller.userId,
  };
  const job = newJob(operation === "import" ? GIT_IMPORT_JOB_KIND : GIT_EXPORT_JOB_KIND, { ...payload }, ctx.now);
  const provider = {
    repoName: repoNameOf(withoutCredentials(input.gitInfo?.url) ?? remote.url) ?? null,
    ...(input.gitInfo?.provider ? { provider: input.gitInfo.provider } : {}),
    treeUrl: withoutCredentials(input.gitInfo?.url ?? input.repoTreeURL) ?? remote.url,
    ref: payload.ref,
    updatedAt: ctx.now,
  };
  const pending = {
    lastJobId: job.row.id,
    lastOperation: operation,
    lastStatus: "pending" as const,
    lastError: null,
    lastAttempts: null,
  };
  await batch(ctx.db, [
    ctx.db.insert(jobs).values(job.row),
    ctx.db
      .insert(spaceGitSyncs)
      .values({ spaceId, ...provider, ...pending })
      .onConflictDoUpdate({ target: spaceGitSyncs.spaceId, set: { ...provider, ...pending } }),
  ]);
  try {
    await ctx.env.JOBS.send(job.message);
  } catch (error) {
    // The stuck-job sweep (jobs/registry.ts) re-sends it.
    console.error(JSON.stringify({ jobId: job.row.id, error: `git ${operation} not queued: ${String(error)}` }));
  }
  return { jobId: job.row.id };
}

/** importGitRepository: queues an import of `ref` into the space (or a standalone revision). */
export function importGitRepository(ctx: ServiceContext, spaceId: string, input: GitImportInput) {
  return queueSync(ctx, spaceId, "import", input);
}

/** exportToGitRepository: queues an export of the space's content as a commit on `ref`. */
export function exportToGitRepository(ctx: ServiceContext, spaceId: string, input: GitExportInput) {
  return queueSync(ctx, spaceId, "export", input);
}

/** getSpaceGitInfo: the space's sync state (undefined: never synced). Needs read access. */
export async function getSpaceGitInfo(ctx: ServiceContext, spaceId: string): Promise<SyncState | undefined> {
  const [[state], found] = await Promise.all([
    ctx.db.select().from(spaceGitSyncs).where(eq(spaceGitSyncs.spaceId, spaceId)).limit(1),
    loadSpace(ctx, spaceId),
  ]);
  if (!found || found.row.deletedAt !== null) throw notFound("Space");
  authorize(found.access, "space.view", "Space");
  return state;
}

/**
 * deleteLegacyGitInstallation: Quire never had GitBook's legacy Git Sync installation, so there is never one to
 * remove: 204 ("already removed") for anyone who may trigger Git sync on the space.
 */
export async function deleteLegacyGitInstallation(ctx: ServiceContext, spaceId: string): Promise<void> {
  requireUser(ctx.caller);
  const found = await loadSpace(ctx, spaceId);
  if (!found || found.row.deletedAt !== null) throw notFound("Space");
  authorize(found.access, "space.triggerGitSync", "Space");
}

/** Statement recording a sync job's outcome on the space's state (the row exists: the request wrote it). */
export function recordOutcome(
  ctx: Pick<ServiceContext, "db">,
  spaceId: string,
  jobId: string,
  outcome: Partial<SyncState>,
) {
  return ctx.db
    .update(spaceGitSyncs)
    .set({ lastJobId: jobId, ...outcome })
    .where(eq(spaceGitSyncs.spaceId, spaceId));
}

/** The job's operation from its kind. */
export const operationOf = (kind: string) => (kind === GIT_EXPORT_JOB_KIND ? "export" : "import");

/** Newer `timestamp` wins: keeps the largest applied. */
export const laterTimestamp = (timestamp: number | null) =>
  timestamp === null
    ? {}
    : { appliedTimestamp: sql`MAX(COALESCE(${spaceGitSyncs.appliedTimestamp}, 0), ${timestamp})` as unknown as number };

/** A sync job's run: its context (in the requester's name), payload, remote and the state as it began. */
export interface SyncRun {
  ctx: ServiceContext;
  payload: SyncPayload;
  remote: Remote;
  state: SyncState;
}

/** What a run reports: the commit it imported or pushed (or found up to date), and what it did. */
export interface SyncResult {
  commit?: string;
  revision?: string;
  skipped?: string;
  /** The page and file of each repository path after the sync (stored: the next import keeps their ids). */
  paths?: RepoPaths;
}

/** Repository path (from the repository's root) → page id / file id. */
export type RepoPaths = NonNullable<SyncState["paths"]>;

export const QUIRE_TRAILER = "Quire-Export:";

/** True for a commit message Quire wrote (it carries the Quire trailer). */
export const isQuireCommit = (message: string) => new RegExp(`^${QUIRE_TRAILER} `, "m").test(message);
