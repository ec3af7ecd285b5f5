// The change-requests domain's public surface (change requests, merges and their PDF): what routes, jobs, http and presenters import.
// Files inside src/services import each other directly.
export { contentPdf } from "./change-request-pdf";
export { createChangeRequest, getChangeRequest, listChangeRequests, updateChangeRequest } from "./change-requests";
export type { ChangeRequestView } from "./change-requests";
export { mergeChangeRequest, updateChangeRequestFromMain } from "./merges";
export {
  listContributors,
  listRequestedReviewers,
  listReviews,
  removeRequestedReviewer,
  requestReviewers,
  submitReview,
} from "./reviews";
export type { ContributorView, RequestedReviewerView, ReviewView } from "./reviews";
