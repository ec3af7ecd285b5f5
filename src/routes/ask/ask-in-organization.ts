import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentSearchAIAnswer } from "../../presenters/answers";
import { answerInOrganization } from "../../services/answers";
import { AskInOrganizationResponse, SearchAIQuerySchema } from "../../wire/ask";
import { queryBoolean } from "../../wire/common";
import { OrganizationParams } from "../../wire/params";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/ask",
  operationId: "askInOrganization",
  tags: ["organization-ask"],
  summary: "Ask a question in an organization",
  description:
    "Answers a member's question from the organization's spaces they can read (as searchOrganizationContent), citing every source; \"I don't know\" when nothing relevant is found. Not stored.",
  request: {
    params: OrganizationParams,
    query: z.object({ format: z.enum(["document", "markdown"]).optional(), details: queryBoolean(false) }),
    body: { required: true, content: { "application/json": { schema: SearchAIQuerySchema } } },
  },
  responses: { 200: json(AskInOrganizationResponse) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const answer = await answerInOrganization(
    serviceContext(c),
    c.req.valid("param").organizationId,
    c.req.valid("json").query,
  );
  return c.json({ answer: presentSearchAIAnswer(answer, c.req.valid("query").format) }, 200);
};
