import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentSiteQuestionAnswerWithResponse } from "../../presenters/answers";
import { getSiteAnswer } from "../../services/answers";
import { SiteQuestionAnswerParams, SiteQuestionAnswerWithResponseSchema } from "../../wire/site-question";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/answers/{siteQuestionAnswerId}",
  operationId: "getSiteQuestionAnswerById",
  tags: ["site-questions"],
  summary: "Get a single Ask AI answer by ID",
  description: "Members who may view the site: one answer with its response (the answer's text as a document).",
  request: { params: SiteQuestionAnswerParams },
  responses: { 200: json(SiteQuestionAnswerWithResponseSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await getSiteAnswer(ctx, p.organizationId, p.siteId, p.siteQuestionAnswerId);
  return c.json(presentSiteQuestionAnswerWithResponse(view, ctx.urls), 200);
};
