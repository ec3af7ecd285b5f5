import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { mapPage } from "../../lib/pagination";
import { presentRequestedReviewer } from "../../presenters/review";
import { listRequestedReviewers } from "../../services/change-requests";
import { PageQuery } from "../../wire/common";
import { ChangeRequestParams } from "./schemas";
import { RequestedReviewerList } from "../../wire/change-request-review";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers",
  operationId: "getRequestedReviewersByChangeRequestId",
  tags: ["change-requests"],
  summary: "Get all change request reviewers",
  request: { params: ChangeRequestParams, query: PageQuery },
  responses: { 200: json(RequestedReviewerList, "A list of requested reviewers") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const page = await listRequestedReviewers(ctx, p.spaceId, p.changeRequestId, c.req.valid("query"));
  return c.json(
    mapPage(page, (view) => presentRequestedReviewer(view, ctx.urls)),
    200,
  );
};
