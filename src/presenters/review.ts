import { iso } from "../lib/time";
import type { ContributorView, RequestedReviewerView, ReviewView } from "../services/change-requests";
import type { ServiceContext, UrlBases } from "../services/core";
import { type CommentFormat, presentComment } from "./comment";
import { presentUser } from "./user";
import type { ChangeRequestRequestedReviewer, ChangeRequestReview } from "../wire/change-request-review";
import type { UserContributor } from "../wire/user";

/**
 * A ChangeRequestReview with `outdated` (the change request moved past the reviewed revision) and its
 * `urls.location` (both required by the 0.202 document, extra to 0.137's).
 */
export function presentReview(ctx: ServiceContext, view: ReviewView, format?: CommentFormat): ChangeRequestReview {
  const { row } = view;
  return {
    object: "change-request-review" as const,
    id: view.row.id,
    revision: view.row.revisionId,
    reviewer: presentUser(view.reviewer, ctx.urls),
    ...(view.requestedBy ? { requestedBy: presentUser(view.requestedBy, ctx.urls) } : {}),
    status: view.row.status,
    ...(view.comment ? { comment: presentComment(ctx, view.comment.loaded, view.comment.record, format) } : {}),
    createdAt: iso(view.row.createdAt),
    updatedAt: iso(view.row.updatedAt),
    outdated: view.outdated,
    urls: {
      location: `${ctx.urls.api}/v1/spaces/${row.spaceId}/change-requests/${row.changeRequestId}/reviews/${row.id}`,
    },
  };
}

export function presentRequestedReviewer(view: RequestedReviewerView, urls: UrlBases): ChangeRequestRequestedReviewer {
  return {
    object: "change-request-requested-reviewer" as const,
    revision: view.row.revisionId,
    requestedBy: presentUser(view.requestedBy, urls),
    createdAt: iso(view.row.createdAt),
    kind: "user" as const,
    user: presentUser(view.user, urls),
  };
}

export function presentContributor(view: ContributorView, urls: UrlBases): UserContributor {
  return { updatedAt: iso(view.updatedAt), count: view.count, user: presentUser(view.user, urls) };
}
