import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { admitToSite, storeAgentFeedback } from "../../services/insights";
import { SiteParams } from "../../wire/params";
import { SiteAgentFeedbackBody } from "../../wire/insights";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites/{siteId}/agent-feedback",
  operationId: "submitSiteAgentFeedback",
  tags: ["site-insights"],
  summary: "Submit agent feedback for a site. (Deprecated) use submitAgentFeedbackToSite instead.",
  description: "Whoever may read the published site (as trackEventsInSiteById). Stored with the site's insights.",
  deprecated: true,
  anonymous: true,
  request: {
    params: SiteParams,
    body: { required: true, content: { "application/json": { schema: SiteAgentFeedbackBody } } },
  },
  responses: { 204: { description: "Feedback submitted" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const body = c.req.valid("json");
  await admitToSite(ctx, p.organizationId, p.siteId);
  await storeAgentFeedback(ctx, p.organizationId, p.siteId, {
    summary: body.feedback.slice(0, 256),
    ...(body.feedback.length > 256 ? { detail: body.feedback } : {}),
    subject: { kind: "documentation", url: body.url },
    source: body.source,
    goal: body.goal,
    url: body.url,
    spaceId: body.spaceId,
    pageId: body.pageId,
    agent: c.req.header("user-agent")?.slice(0, 512),
  });
  return c.body(null, 204);
};
