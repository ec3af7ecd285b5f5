// The core domain's public surface (the service context and job rows): what routes, jobs, http and presenters import.
// Other domains import this one only through this file, and only if they rank above it (README "Service domains").
export { ROLES } from "./caller";
export type { MemberRole, Role, VisitorPass } from "./caller";
export { memberRole, requireActor, requireCredential, requireUser } from "./context";
export type { Caller, ScopedCaller, ServiceContext, TokenInstallation, UrlBases, UserCaller } from "./context";
export { JobFailure, jobServiceContext, pruneFinishedJobs, RetryLater } from "./jobs";
export type { CronTask, JobContext, JobFailureRecorder, JobRow, JobRunner } from "./jobs";
export type { CallerGrants } from "./context";
export { newJob } from "./jobs";
export {
  announce,
  CONTENT_EVENT_JOB_KIND,
  contentEventJobId,
  contentEventStatements,
  deploymentUrls,
  pruneDeliveredContentEvents,
} from "./outbox";
export type {
  ContentEventKind,
  ContentEventRow,
  ContentEventSubscriber,
  NewContentEvent,
  QueuedContentEvent,
  SubscriberContext,
} from "./outbox";
