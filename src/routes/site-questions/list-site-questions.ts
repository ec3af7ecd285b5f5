import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentSiteQuestion } from "../../presenters/answers";
import { mapPage } from "../../lib/pagination";
import { listSiteQuestions } from "../../services/answers";
import { listEnvelope, PageQuery } from "../../wire/common";
import { SiteParams } from "../../wire/params";
import { QuestionListQuery, SiteQuestionSchema } from "../../wire/site-question";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/questions",
  operationId: "listSiteQuestions",
  tags: ["site-questions"],
  summary: "List the questions visitors asked a site's Ask AI assistant",
  description:
    "Members who may view the site: the distinct questions asked (newest first; `sort` by last ask or by stats), each with its stats over the answers the filters select. Quire classifies no topics: a `topic` filter matches nothing.",
  request: { params: SiteParams, query: PageQuery.extend(QuestionListQuery.shape) },
  responses: { 200: json(listEnvelope(SiteQuestionSchema)) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const q = c.req.valid("query");
  const page = await listSiteQuestions(ctx, p.organizationId, p.siteId, {
    ...q,
    channelType: q.channelType as string[] | undefined,
    sort: q.sort,
  });
  return c.json(
    mapPage(page, (v) => presentSiteQuestion(v, ctx.urls)),
    200,
  );
};
