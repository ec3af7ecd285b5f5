import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { admitToSite, storeAgentFeedback } from "../../services/insights";
import { SiteParams } from "../../wire/params";
import { AgentFeedbackInputSchema, AgentFeedbackReceiptSchema } from "../../wire/insights";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites/{siteId}/agents/feedback",
  operationId: "submitAgentFeedbackToSite",
  tags: ["site-agent-feedback"],
  summary: "Submit agent feedback",
  description: "Whoever may read the published site (as trackEventsInSiteById). Stored with the site's insights.",
  anonymous: true,
  request: {
    params: SiteParams,
    body: { required: true, content: { "application/json": { schema: AgentFeedbackInputSchema } } },
  },
  responses: { 201: json(AgentFeedbackReceiptSchema, "The feedback was recorded successfully.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const { reportedBy, subject, feedback } = c.req.valid("json");
  await admitToSite(ctx, p.organizationId, p.siteId);
  const detail = [feedback.detail, feedback.workaround && `Workaround: ${feedback.workaround}`].filter(Boolean);
  const id = await storeAgentFeedback(ctx, p.organizationId, p.siteId, {
    summary: feedback.summary,
    ...(detail.length ? { detail: detail.join("\n\n") } : {}),
    subject,
    category: feedback.category,
    severity: feedback.severity,
    goal: feedback.goal,
    reportedBy: { ...reportedBy, ...(feedback.metrics ? { metrics: feedback.metrics } : {}) },
    url: subject.kind === "documentation" ? subject.url : undefined,
    agent: (reportedBy?.userAgent ?? c.req.header("user-agent"))?.slice(0, 512),
  });
  return c.json(
    { id, result: "Thank you: the feedback is recorded with this site's insights, where its authors read it." },
    201,
  );
};
