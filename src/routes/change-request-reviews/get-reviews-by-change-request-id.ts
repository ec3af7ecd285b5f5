import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { mapPage } from "../../lib/pagination";
import { presentReview } from "../../presenters/review";
import { listReviews } from "../../services/change-requests";
import { PageQuery } from "../../wire/common";
import { ChangeRequestParams } from "./schemas";
import { ReviewList } from "../../wire/change-request-review";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/reviews",
  operationId: "getReviewsByChangeRequestId",
  tags: ["change-requests"],
  summary: "List all change request reviews",
  description: "Oldest first; `outdated` once the change request's revision moved past the reviewed one.",
  request: { params: ChangeRequestParams, query: PageQuery },
  responses: { 200: json(ReviewList, "All reviews for the given change request.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const page = await listReviews(ctx, p.spaceId, p.changeRequestId, c.req.valid("query"));
  return c.json(
    mapPage(page, (view) => presentReview(ctx, view)),
    200,
  );
};
