import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSiteAgentSettings } from "../../presenters/agents";
import { getSiteAgentSettings } from "../../services/agents";
import { SiteAgentSettingsSchema } from "../../wire/agents";
import { SiteParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/agent-settings",
  operationId: "getSiteAgentSettingsById",
  tags: ["site-agent-settings"],
  summary: "Get the AI agent configuration for a site",
  description: "Members who see the site. A site never configured answers the defaults (no `updatedAt`).",
  request: { params: SiteParams },
  responses: { 200: json(SiteAgentSettingsSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  return c.json(presentSiteAgentSettings(await getSiteAgentSettings(ctx, p.organizationId, p.siteId), ctx.urls), 200);
};
