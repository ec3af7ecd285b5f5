import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { eventStream, eventStreamOf } from "../../http/event-stream";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { recommendedQuestionsInSite } from "../../services/answers";
import { SearchAIRecommendedQuestionStreamSchema } from "../../wire/ask";
import { SiteParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/ask/questions",
  operationId: "streamRecommendedQuestionsInSite",
  anonymous: true,
  tags: ["site-ask"],
  summary: "List recommended questions to ask in a site",
  description:
    "Questions readers already asked the site and got an answer to, most asked first, among those whose every cited source the caller may read (who may ask: as streamAskInSite). Streamed, one event per question.",
  request: {
    params: SiteParams,
    query: z.object({
      siteSpaceId: z.string().min(1).max(128).optional(),
      spaceId: z.string().max(128).optional().openapi({ deprecated: true }),
    }),
  },
  responses: { 200: eventStreamOf(SearchAIRecommendedQuestionStreamSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const questions = await recommendedQuestionsInSite(
    serviceContext(c),
    p.organizationId,
    p.siteId,
    c.req.valid("query").siteSpaceId,
  );
  return eventStream(questions.map((question) => ({ question }))) as never;
};
