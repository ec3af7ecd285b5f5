import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { eventStream, eventStreamOf } from "../../http/event-stream";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { existingResponse } from "../../services/answers";
import { AIStreamResponseSchema } from "../../wire/ask";
import { responseEvents, withSourceList } from "./stream-ai-response-in-site";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/ai/response/{responseId}",
  operationId: "streamExistingAIResponseInSite",
  anonymous: true,
  tags: ["site-ai"],
  summary: "Get an existing AI response in a site",
  description:
    "Replays a stored response of the site as the stream streamAIResponseInSite sent, to a caller who may ask the site and read every space it cites (else 404).",
  request: {
    params: z.object({
      organizationId: z.string(),
      siteId: z.string().min(1).max(128),
      responseId: z.string().min(1).max(128),
    }),
  },
  responses: { 200: eventStreamOf(AIStreamResponseSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const { row, sources } = await existingResponse(serviceContext(c), p.organizationId, p.siteId, p.responseId);
  const text = withSourceList(row.text, sources);
  return eventStream(
    responseEvents({ answerId: row.id, text, followups: row.followups }, row.previousId ?? undefined),
  ) as never;
};
