import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentReview } from "../../presenters/review";
import { submitReview } from "../../services/change-requests";
import { bodyMarkdown } from "../../wire/comment";
import { ChangeRequestParams } from "./schemas";
import { ReviewSchema, SubmitReviewBody } from "../../wire/change-request-review";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/reviews",
  operationId: "submitChangeRequestReview",
  tags: ["change-requests"],
  summary: "Submit a change request review",
  description:
    "`review` and up on the space; the change request's author cannot approve it (403). A `comment` is posted " +
    "as a change-request comment. The reviewer leaves the requested reviewers.",
  request: {
    params: ChangeRequestParams,
    body: { required: true, content: { "application/json": { schema: SubmitReviewBody } } },
  },
  responses: {
    201: {
      description: "A new review has been created.",
      headers: z.object({ Location: z.string() }),
      content: { "application/json": { schema: ReviewSchema } },
    },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const body = c.req.valid("json");
  const view = await submitReview(ctx, p.spaceId, p.changeRequestId, {
    status: body.status,
    markdown: bodyMarkdown(body.comment),
  });
  c.header("Location", `${ctx.urls.api}/v1/spaces/${p.spaceId}/change-requests/${view.row.changeRequestId}/reviews`);
  return c.json(presentReview(ctx, view), 201);
};
