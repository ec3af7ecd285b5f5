import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentSiteQuestionAnswer } from "../../presenters/answers";
import { mapPage } from "../../lib/pagination";
import { listSiteAnswers } from "../../services/answers";
import { listEnvelope, PageQuery } from "../../wire/common";
import { SiteParams } from "../../wire/params";
import { AnswerListQuery, SiteQuestionAnswerSchema } from "../../wire/site-question";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/answers",
  operationId: "listSiteQuestionAnswers",
  tags: ["site-questions"],
  summary: "List the answers a site's Ask AI assistant generated",
  description:
    "Members who may view the site: the answers given, newest first, under the filters (`question`, `thread`, time range, resolution, relevance, channel, language, helpfulness, question type). Quire classifies no topics: a `topic` filter matches nothing.",
  request: { params: SiteParams, query: PageQuery.extend(AnswerListQuery.shape) },
  responses: { 200: json(listEnvelope(SiteQuestionAnswerSchema)) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const { "question.type": questionType, topic, ...q } = c.req.valid("query");
  const page = await listSiteAnswers(ctx, p.organizationId, p.siteId, {
    ...q,
    channelType: q.channelType as string[] | undefined,
    questionType,
    topic: topic ? [topic] : undefined,
  });
  return c.json(
    mapPage(page, (row) => presentSiteQuestionAnswer(row, ctx.urls)),
    200,
  );
};
