import { z } from "@hono/zod-openapi";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { ExtendedQuery, InstallationParams, InstallOnSiteBody } from "./schemas";
import { presentSiteInstallations } from "./site-installation-items";
import { installOnTarget } from "./target-installation-handlers";
import { SiteInstallationSchema } from "../../wire/integration-installation";

export const route = defineRoute({
  method: "post",
  path: "/integrations/{integrationName}/installations/{installationId}/sites",
  operationId: "installIntegrationOnSite",
  tags: ["integrations"],
  summary: "Install an integration on a site",
  description:
    "Enables the organization installation on one of the organization's sites: admins of the organization; the " +
    "integration's `target` must allow sites (400); 409 when it is enabled there already. It starts `pending` " +
    "while the integration's `configurations.site` has required properties that are not set.",
  request: {
    params: InstallationParams,
    query: ExtendedQuery,
    body: { required: true, content: { "application/json": { schema: InstallOnSiteBody } } },
  },
  responses: {
    201: {
      description: "Integration installed successfully on site",
      headers: z.object({ Location: z.string() }),
      content: { "application/json": { schema: SiteInstallationSchema } },
    },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) =>
  c.json(await installOnTarget(c, { kind: "site", id: c.req.valid("json").siteId }, presentSiteInstallations), 201);
