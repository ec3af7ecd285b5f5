import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { getSiteQuestionStats } from "../../services/answers";
import { SiteParams } from "../../wire/params";
import { QuestionStatsQuery, SiteQuestionStatsSchema } from "../../wire/site-question";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/question-stats",
  operationId: "getSiteQuestionStats",
  tags: ["site-questions"],
  summary: "Get aggregate Ask AI question statistics for a site",
  description:
    "Members who may view the site: counts over the answers the filters select (feedback, resolution, relevance, question types, channels) and a 13-week pulse, oldest week first.",
  request: { params: SiteParams, query: QuestionStatsQuery },
  responses: { 200: json(SiteQuestionStatsSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const q = c.req.valid("query");
  const stats = await getSiteQuestionStats(serviceContext(c), p.organizationId, p.siteId, {
    ...q,
    channelType: q.channelType as string[] | undefined,
  });
  return c.json(stats, 200);
};
