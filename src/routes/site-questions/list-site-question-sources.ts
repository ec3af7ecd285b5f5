import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentAnswerSource } from "../../presenters/answers";
import { mapPage } from "../../lib/pagination";
import { listSiteQuestionSources } from "../../services/answers";
import { listEnvelope, PageQuery } from "../../wire/common";
import { QuestionQuery, SiteQuestionAnswerSourcePageSchema, SiteQuestionParams } from "../../wire/site-question";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/questions/{siteQuestionId}/sources",
  operationId: "listSiteQuestionSources",
  tags: ["site-questions"],
  summary: "List the documentation sources used to answer a question",
  description:
    "Members who may view the site: the pages the question's answers cited (one item per page, weights summed over the answers the filters select), heaviest first.",
  request: { params: SiteQuestionParams, query: PageQuery.extend(QuestionQuery.shape) },
  responses: { 200: json(listEnvelope(SiteQuestionAnswerSourcePageSchema)) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const q = c.req.valid("query");
  const page = await listSiteQuestionSources(serviceContext(c), p.organizationId, p.siteId, p.siteQuestionId, {
    ...q,
    channelType: q.channelType as string[] | undefined,
  });
  return c.json(mapPage(page, presentAnswerSource), 200);
};
