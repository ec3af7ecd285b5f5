import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentIntegrationScript } from "../../presenters/integration";
import { listSiteIntegrationScripts } from "../../services/integrations";
import { SiteParams } from "../../wire/params";
import { SiteIntegrationScriptList } from "../../wire/integration-runtime";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/integration-scripts",
  operationId: "listSiteIntegrationScripts",
  tags: ["integrations"],
  summary: "List the scripts to embed in published content for a site.",
  description:
    "Members of the site's organization. One entry per installation enabled on the site whose integration has " +
    "the `site:script:inject` scope, while the installation and its site installation are `active`: `script` is " +
    "`/v1/integrations/{name}/installations/{installationId}/sites/{siteId}/script.js`, served anonymously from " +
    "the integration's answer to a `fetch_published_script` event; `cookies` is the `site:script:cookies` scope; " +
    "`contentSecurityPolicy` the integration's (a directive map joined as `directive sources; …`).",
  request: { params: SiteParams },
  responses: { 200: json(SiteIntegrationScriptList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const scripts = await listSiteIntegrationScripts(ctx, p.organizationId, p.siteId);
  return c.json(
    scripts.map((view) => presentIntegrationScript(view, ctx.urls)),
    200,
  );
};
