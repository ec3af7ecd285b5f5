import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { eventStream, eventStreamOf } from "../../http/event-stream";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentSearchAIAnswer } from "../../presenters/answers";
import { answerInOrganization } from "../../services/answers";
import { SearchAIAnswerStreamSchema } from "../../wire/ask";
import { queryBoolean } from "../../wire/common";
import { OrganizationParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/ask/stream",
  operationId: "streamAskInOrganization",
  tags: ["organization-ask"],
  summary: "Ask a question in an organization (streamed)",
  description: "askInOrganization's answer as an event stream (one `answer` event).",
  request: {
    params: OrganizationParams,
    query: z.object({
      query: z.string().min(1).max(512),
      format: z.enum(["document", "markdown"]).optional(),
      details: queryBoolean(false),
    }),
  },
  responses: { 200: eventStreamOf(SearchAIAnswerStreamSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const q = c.req.valid("query");
  const answer = await answerInOrganization(serviceContext(c), c.req.valid("param").organizationId, q.query);
  return eventStream([{ type: "answer", answer: presentSearchAIAnswer(answer, q.format) }]) as never;
};
