import { serviceContext } from "../../http/context";
import { eventStream, eventStreamOf } from "../../http/event-stream";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { answerBlocks } from "../../presenters/answers";
import { plainText } from "../../content/document";
import { answerInSite } from "../../services/answers";
import { badRequest } from "../../lib/errors";
import { AIStreamResponseSchema, StreamAIResponseBody } from "../../wire/ask";
import { SiteParams } from "../../wire/params";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites/{siteId}/ai/response",
  operationId: "streamAIResponseInSite",
  anonymous: true,
  tags: ["site-ai"],
  summary: "Generate an AI response in a site",
  description:
    "Answers the conversation's last user message from the site's content the caller may read (as streamAskInSite), citing its sources as [n] and listing them after the answer; `previousResponseId` continues a conversation of this site. Custom tools and tool calls are not run: the answer is always grounded in the docs.",
  request: {
    params: SiteParams,
    body: { required: true, content: { "application/json": { schema: StreamAIResponseBody } } },
  },
  responses: { 200: eventStreamOf(AIStreamResponseSchema) },
});

/** The answer's markdown with its sources listed after it (the stream has no other place for them). */
export function withSourceList(text: string, sources: { title: string; url: string }[]) {
  if (!sources.length) return text;
  return `${text}\n\n${sources.map((s, i) => `${i + 1}. [${s.title.replace(/[[\]]/g, "")}](${s.url})`).join("\n")}`;
}

/** The stream of one answer: start, its final-answer step, follow-ups, finish (its response id). */
export function responseEvents(answer: { answerId: string; text: string; followups: string[] }, previous?: string) {
  const messageId = answer.answerId;
  return [
    { type: "response_start", messageId },
    { type: "response_step_start", messageId, stepIndex: 0, phase: "final_answer" },
    { type: "response_document", messageId, stepIndex: 0, operation: "insert", blocks: answerBlocks(answer.text) },
    ...(answer.followups.length
      ? [{ type: "response_followup_suggestion", messageId, suggestions: answer.followups }]
      : []),
    {
      type: "response_finish",
      messageId,
      responseId: messageId,
      response: { id: messageId, ...(previous ? { previous } : {}) },
    },
  ];
}

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const body = c.req.valid("json");
  const last = body.input.findLast((m) => m.role === "user");
  const question = (typeof last?.content === "string" ? last.content : last ? plainText(last.content) : "").trim();
  if (!question) throw badRequest("body.input: needs a user message with text");
  const answer = await answerInSite(serviceContext(c), p.organizationId, p.siteId, question, {
    via: body.channel?.type === "site" ? "site" : "api",
    previousAnswerId: body.previousResponseId,
    session: body.session,
  });
  const text = withSourceList(answer.text, answer.sources);
  return eventStream(responseEvents({ ...answer, text }, body.previousResponseId)) as never;
};
