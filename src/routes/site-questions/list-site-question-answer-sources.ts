import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentAnswerSource } from "../../presenters/answers";
import { mapPage } from "../../lib/pagination";
import { listSiteAnswerSources } from "../../services/answers";
import { listEnvelope, PageQuery } from "../../wire/common";
import { SiteQuestionAnswerParams, SiteQuestionAnswerSourcePageSchema } from "../../wire/site-question";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/answers/{siteQuestionAnswerId}/sources",
  operationId: "listSiteQuestionAnswerSources",
  tags: ["site-questions"],
  summary: "List the documentation sources cited for an answer",
  description:
    "Members who may view the site: the sections the answer cited, in citation order, with their published URLs.",
  request: { params: SiteQuestionAnswerParams, query: PageQuery },
  responses: { 200: json(listEnvelope(SiteQuestionAnswerSourcePageSchema)) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const page = await listSiteAnswerSources(
    serviceContext(c),
    p.organizationId,
    p.siteId,
    p.siteQuestionAnswerId,
    c.req.valid("query"),
  );
  return c.json(mapPage(page, presentAnswerSource), 200);
};
