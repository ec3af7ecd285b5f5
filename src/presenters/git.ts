import type { SyncState } from "../services/git";
import type { GitSyncState } from "../wire/git";

const iso = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? undefined : new Date(ms).toISOString();

/**
 * GitSyncState: the provider details of the last sync request (the URL is the repository tree URL, never with
 * credentials), plus Quire's `lastSync` (the last job's outcome and error). `{}` for a space never synced.
 */
export function presentGitSyncState(state: SyncState | undefined): GitSyncState {
  if (!state) return {};
  return {
    ...(state.repoName ? { repoName: state.repoName } : {}),
    ...(state.provider ? { installationProvider: state.provider } : {}),
    ...(state.treeUrl ? { url: state.treeUrl } : {}),
    updatedAt: iso(state.updatedAt),
    ...(state.lastOperation && state.lastStatus
      ? {
          lastSync: {
            operation: state.lastOperation,
            status: state.lastStatus,
            ...(state.lastCommit ? { commit: state.lastCommit } : {}),
            ...(state.lastError ? { error: state.lastError } : {}),
            ...(state.lastAttempts ? { attempts: state.lastAttempts } : {}),
            ...(state.lastFinishedAt ? { finishedAt: iso(state.lastFinishedAt) } : {}),
          },
        }
      : {}),
  };
}
