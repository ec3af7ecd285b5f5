import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { removeRequestedReviewer } from "../../services/change-requests";
import { ReviewerParams } from "./schemas";

export const route = defineRoute({
  method: "delete",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers/{userId}",
  operationId: "removeRequestedReviewerFromChangeRequest",
  tags: ["change-requests"],
  summary: "Remove a reviewer from a change request",
  request: { params: ReviewerParams },
  responses: {
    204: { description: "Reviewer was not found" },
    205: { description: "The reviewer has been removed from the change request" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const removed = await removeRequestedReviewer(serviceContext(c), p.spaceId, p.changeRequestId, p.userId);
  return c.body(null, removed ? 205 : 204);
};
