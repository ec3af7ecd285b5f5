import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSiteAgentSettings } from "../../presenters/agents";
import { updateSiteAgentSettings } from "../../services/agents";
import { SiteAgentSettingsInputSchema, SiteAgentSettingsSchema } from "../../wire/agents";
import { SiteParams } from "../../wire/params";
import { instructionsMarkdown } from "./schemas";

export const route = defineRoute({
  method: "put",
  path: "/orgs/{organizationId}/sites/{siteId}/agent-settings",
  operationId: "updateSiteAgentSettingsById",
  tags: ["site-agent-settings"],
  summary: "Update the AI agent configuration for a site",
  description: "Site managers (`create` and up, or a grant on the site). Replaces the whole configuration.",
  request: {
    params: SiteParams,
    body: { required: true, content: { "application/json": { schema: SiteAgentSettingsInputSchema } } },
  },
  responses: { 200: json(SiteAgentSettingsSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const body = c.req.valid("json");
  const view = await updateSiteAgentSettings(ctx, p.organizationId, p.siteId, {
    scanTopics: body.scans.topics,
    findingChangeRequests: body.findings.changeRequests,
    editingInstructions: instructionsMarkdown(body.editing.customInstructions, "body.editing.customInstructions"),
  });
  return c.json(presentSiteAgentSettings(view, ctx.urls), 200);
};
