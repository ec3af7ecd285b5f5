import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { ExtendedQuery, InstallationSiteParams } from "./schemas";
import { presentSiteInstallations } from "./site-installation-items";
import { updateTargetInstallationOf } from "./target-installation-handlers";
import { SiteInstallationSchema, UpdateSiteInstallationBody } from "../../wire/integration-installation";

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

export const handler: AppRouteHandler<typeof route> = async (c) =>
  c.json(
    await updateTargetInstallationOf(c, { kind: "site", id: c.req.valid("param").siteId }, presentSiteInstallations),
    200,
  );
