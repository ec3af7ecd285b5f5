import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { recommendedQuestionsInOrganization } from "../../services/answers";
import { SearchAIRecommendedQuestionsSchema } from "../../wire/ask";
import { OrganizationParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/ask/questions",
  operationId: "getRecommendedQuestionsInOrganization",
  tags: ["organization-ask"],
  summary: "List recommended questions to ask in an organization",
  description:
    "Members: questions readers of the organization's sites asked and got an answer to, most asked first, among those whose every cited source the member can read.",
  request: { params: OrganizationParams },
  responses: { 200: json(SearchAIRecommendedQuestionsSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const questions = await recommendedQuestionsInOrganization(serviceContext(c), c.req.valid("param").organizationId);
  return c.json({ questions }, 200);
};
