import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentRequestedReviewer } from "../../presenters/review";
import { requestReviewers } from "../../services/change-requests";
import { ChangeRequestParams } from "./schemas";
import { RequestedReviewerSchema, RequestReviewersBody } from "../../wire/change-request-review";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers",
  operationId: "requestReviewersForChangeRequest",
  tags: ["change-requests"],
  summary: "Request change request reviewers",
  description:
    "`edit` and up; every user must be able to review the space (`review` and up), else 400 naming them. " +
    "Answers the requested reviewers among `users` (a repeated request keeps the first).",
  request: {
    params: ChangeRequestParams,
    body: { required: true, content: { "application/json": { schema: RequestReviewersBody } } },
  },
  responses: {
    200: json(
      z.object({ users: z.array(RequestedReviewerSchema).optional() }),
      "The requests have successfully been sent.",
    ),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const views = await requestReviewers(ctx, p.spaceId, p.changeRequestId, c.req.valid("json"));
  return c.json({ users: views.map((view) => presentRequestedReviewer(view, ctx.urls)) }, 200);
};
