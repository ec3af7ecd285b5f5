import { serviceContext } from "../../http/context";
import { eventStream, eventStreamOf } from "../../http/event-stream";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentSearchAIAnswer } from "../../presenters/answers";
import { answerInSite } from "../../services/answers";
import type { SiteSearchScope } from "../../services/search";
import {
  DocumentFormatQuery,
  SearchAIAnswerStreamSchema,
  type StreamAskInSite,
  StreamAskInSiteBody,
} from "../../wire/ask";
import { SiteParams } from "../../wire/params";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites/{siteId}/ask",
  operationId: "streamAskInSite",
  anonymous: true,
  tags: ["site-ask"],
  summary: "Ask a question in a site",
  description:
    "Answers from the site's content that the caller may read (as searchSiteContent: visitors of a published site with its credentials, members with what they can read), citing every source; \"I don't know\" when nothing relevant is found. The answer is streamed (one `answer` event) and stored as a site question.",
  request: {
    params: SiteParams,
    query: DocumentFormatQuery,
    body: { required: true, content: { "application/json": { schema: StreamAskInSiteBody } } },
  },
  responses: { 200: eventStreamOf(SearchAIAnswerStreamSchema) },
});

/** The 0.202 ask scope as the site search takes it (`restrictTo` narrows the default content around the current). */
export function askScope(scope: StreamAskInSite["scope"], siteSpaceId?: string): SiteSearchScope {
  if (scope.mode === "all") return { mode: "all" };
  if (scope.mode === "specific")
    return { mode: "specific", siteSpaceIds: scope.siteSpaceIds, field: "body.scope.siteSpaceIds" };
  const current = scope.currentSiteSpace ?? siteSpaceId;
  const field = "body.scope.currentSiteSpace";
  if (scope.restrictTo === "currentSiteSpace" && current) return { mode: "specific", siteSpaceIds: [current], field };
  if (scope.restrictTo === "otherSiteSpaces" && current)
    return { mode: "default", includedSiteSpaces: [], excludedSiteSpaces: [current], field };
  return { mode: "default", includedSiteSpaces: current ? [current] : [], field };
}

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const body = c.req.valid("json");
  const answer = await answerInSite(ctx, p.organizationId, p.siteId, body.question, {
    via: "api",
    scope: askScope(body.scope, body.context?.siteSpaceId),
    session: body.session,
  });
  const event = { type: "answer", answer: presentSearchAIAnswer(answer, c.req.valid("query").format) };
  return eventStream([event]) as never;
};
