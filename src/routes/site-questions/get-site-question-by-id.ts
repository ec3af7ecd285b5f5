import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentSiteQuestion } from "../../presenters/answers";
import { getSiteQuestion } from "../../services/answers";
import { QuestionQuery, SiteQuestionParams, SiteQuestionSchema } from "../../wire/site-question";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/questions/{siteQuestionId}",
  operationId: "getSiteQuestionById",
  tags: ["site-questions"],
  summary: "Get a single Ask AI question by ID",
  description: "Members who may view the site: one question with its stats over the answers the filters select.",
  request: { params: SiteQuestionParams, query: QuestionQuery },
  responses: { 200: json(SiteQuestionSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const q = c.req.valid("query");
  const view = await getSiteQuestion(ctx, p.organizationId, p.siteId, p.siteQuestionId, {
    ...q,
    channelType: q.channelType as string[] | undefined,
  });
  return c.json(presentSiteQuestion(view, ctx.urls), 200);
};
