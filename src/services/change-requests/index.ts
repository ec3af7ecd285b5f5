// The change-requests domain's public surface (change requests, merges and their PDF): what routes, jobs, http and presenters import.
// Other domains import this one only through this file, and only if they rank above it (README "Service domains").
export { contentPdf } from "./change-request-pdf";
export { createChangeRequest, listChangeRequests, updateChangeRequest } from "./change-requests";
export { listOrganizationChangeRequests } from "./organization-change-requests";
export type { OrganizationChangeRequestQuery } from "./organization-change-requests";
export { mergeChangeRequest, updateChangeRequestFromMain } from "./merges";
export {
  listContributors,
  listRequestedReviewers,
  listReviews,
  removeRequestedReviewer,
  requestReviewers,
  submitReview,
} from "./reviews";
export { getReview } from "./review-by-id";
export type { ContributorView, RequestedReviewerView, ReviewView } from "./reviews";
// A change request read as a view lives with the content it targets (revisions); routes find it here too.
export { getChangeRequest } from "../revisions";
export type { ChangeRequestStatus, ChangeRequestView } from "../revisions";
