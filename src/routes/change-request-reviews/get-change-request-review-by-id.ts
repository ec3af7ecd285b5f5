import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentReview } from "../../presenters/review";
import { getReview } from "../../services/change-requests";
import { ChangeRequestParams } from "./schemas";
import { ReviewSchema } from "../../wire/change-request-review";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/reviews/{reviewId}",
  operationId: "getChangeRequestReviewById",
  tags: ["change-requests"],
  summary: "Get a specific review on a change request by its ID",
  description:
    "Readers of the space; the review as `getReviewsByChangeRequestId` lists it. A review of another change " +
    "request answers 404. `format` is the form of the review's comment body.",
  request: {
    params: ChangeRequestParams.extend({ reviewId: z.string().min(1).max(128) }),
    query: z.object({ format: z.enum(["document", "markdown"]).optional() }),
  },
  responses: { 200: json(ReviewSchema, "The matching change request review.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await getReview(ctx, p.spaceId, p.changeRequestId, p.reviewId);
  return c.json(presentReview(ctx, view, c.req.valid("query").format), 200);
};
