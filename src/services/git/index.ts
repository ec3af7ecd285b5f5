export {
  deleteLegacyGitInstallation,
  exportToGitRepository,
  GIT_EXPORT_JOB_KIND,
  GIT_IMPORT_JOB_KIND,
  type GitExportInput,
  type GitImportInput,
  getSpaceGitInfo,
  importGitRepository,
  type SyncState,
} from "./git-sync";
export { recordGitSyncJobFailure, runGitSyncJob } from "./git-jobs";
