// The core domain's public surface (the service context and job rows): what routes, jobs, http and presenters import.
// Files inside src/services import each other directly.
export { memberRole, organizationAccess, requireActor } from "./context";
export type { Caller, ScopedCaller, ServiceContext, TokenInstallation, UrlBases, UserCaller } from "./context";
export { JobFailure, jobServiceContext, pruneFinishedJobs, RetryLater } from "./jobs";
export type { CronTask, JobContext, JobFailureRecorder, JobRow, JobRunner } from "./jobs";
