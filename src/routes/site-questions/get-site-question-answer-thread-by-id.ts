import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentSiteQuestionAnswerWithResponse } from "../../presenters/answers";
import { getSiteAnswerThread } from "../../services/answers";
import { SiteQuestionAnswerParams, SiteQuestionAnswerWithResponseSchema } from "../../wire/site-question";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/answers/{siteQuestionAnswerId}/thread",
  operationId: "getSiteQuestionAnswerThreadById",
  tags: ["site-questions"],
  summary: "Get the conversation thread for an Ask AI answer",
  description: "Members who may view the site: every answer of the answer's conversation, oldest first.",
  request: { params: SiteQuestionAnswerParams },
  responses: { 200: json(z.array(SiteQuestionAnswerWithResponseSchema)) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const thread = await getSiteAnswerThread(ctx, p.organizationId, p.siteId, p.siteQuestionAnswerId);
  return c.json(
    thread.map((view) => presentSiteQuestionAnswerWithResponse(view, ctx.urls)),
    200,
  );
};
