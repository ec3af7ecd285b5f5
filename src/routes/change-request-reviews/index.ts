import { createRouter } from "../../http/router";
import * as getChangeRequestReviewById from "./get-change-request-review-by-id";
import * as getContributorsByChangeRequestId from "./get-contributors-by-change-request-id";
import * as getRequestedReviewersByChangeRequestId from "./get-requested-reviewers-by-change-request-id";
import * as getReviewsByChangeRequestId from "./get-reviews-by-change-request-id";
import * as removeRequestedReviewerFromChangeRequest from "./remove-requested-reviewer-from-change-request";
import * as requestReviewersForChangeRequest from "./request-reviewers-for-change-request";
import * as submitChangeRequestReview from "./submit-change-request-review";

export default createRouter()
  .openapi(getReviewsByChangeRequestId.route, getReviewsByChangeRequestId.handler)
  .openapi(getChangeRequestReviewById.route, getChangeRequestReviewById.handler)
  .openapi(submitChangeRequestReview.route, submitChangeRequestReview.handler)
  .openapi(getRequestedReviewersByChangeRequestId.route, getRequestedReviewersByChangeRequestId.handler)
  .openapi(requestReviewersForChangeRequest.route, requestReviewersForChangeRequest.handler)
  .openapi(removeRequestedReviewerFromChangeRequest.route, removeRequestedReviewerFromChangeRequest.handler)
  .openapi(getContributorsByChangeRequestId.route, getContributorsByChangeRequestId.handler);
