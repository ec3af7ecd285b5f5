import { serviceContext } from "../../http/context";
import { eventStream, eventStreamOf } from "../../http/event-stream";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { recommendedQuestionsInOrganization } from "../../services/answers";
import { SearchAIRecommendedQuestionStreamSchema } from "../../wire/ask";
import { OrganizationParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/ask/questions/stream",
  operationId: "streamRecommendedQuestionsInOrganization",
  tags: ["organization-ask"],
  summary: "List recommended questions to ask in an organization (streamed)",
  description: "getRecommendedQuestionsInOrganization's questions as an event stream, one event per question.",
  request: { params: OrganizationParams },
  responses: { 200: eventStreamOf(SearchAIRecommendedQuestionStreamSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const questions = await recommendedQuestionsInOrganization(serviceContext(c), c.req.valid("param").organizationId);
  return eventStream(questions.map((question) => ({ question }))) as never;
};
