import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { listSiteIntegrationScripts } from "../../services/integrations";
import { SiteParams } from "../sites/schemas";
import { SiteIntegrationScriptList } from "./schemas";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/integration-scripts",
  operationId: "listSiteIntegrationScripts",
  tags: ["integrations"],
  summary: "List the scripts to embed in published content for a site.",
  description:
    "Members of the site's organization. Always an empty array in Quire for now: a site script is what an " +
    "integration's code answers to its script-fetch event, and Quire does not run integrations' code yet (the " +
    "published `script` is that server-side code, not a browser script). Site installations are listed by " +
    "`listSiteIntegrations`; the published site profile's `scripts` is empty for the same reason.",
  request: { params: SiteParams },
  responses: { 200: json(SiteIntegrationScriptList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  return c.json(await listSiteIntegrationScripts(serviceContext(c), p.organizationId, p.siteId), 200);
};
