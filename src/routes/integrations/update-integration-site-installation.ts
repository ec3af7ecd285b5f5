import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { updateTargetInstallation } from "../../services/integrations";
import { ExtendedQuery, InstallationSiteParams, SiteInstallationSchema, UpdateSiteInstallationBody } from "./schemas";
import { presentSiteInstallations } from "./site-installation-items";

export const route = defineRoute({
  method: "patch",
  path: "/integrations/{integrationName}/installations/{installationId}/sites/{siteId}",
  operationId: "updateIntegrationSiteInstallation",
  tags: ["integrations"],
  summary: "Update an integration site installation",
  description:
    "`configuration` is checked against the integration's `configurations.site` (400 naming the property); the " +
    "site installation is `pending` until every required property is set.",
  request: {
    params: InstallationSiteParams,
    query: ExtendedQuery,
    body: { required: true, content: { "application/json": { schema: UpdateSiteInstallationBody } } },
  },
  responses: { 200: json(SiteInstallationSchema, "The site installation has been updated.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await updateTargetInstallation(
    ctx,
    p.integrationName,
    p.installationId,
    { kind: "site", id: p.siteId },
    c.req.valid("json"),
  );
  const [body] = await presentSiteInstallations(ctx, [view], c.req.valid("query").extended);
  return c.json(body!, 200);
};
