import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { organizationIntegrationStatus } from "../../services/integrations";
import { OrganizationIntegrationParams } from "./schemas";
import { InstallationStatusSchema } from "../../wire/integration-installation";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/integrations/{integrationName}/installation_status",
  operationId: "getOrganizationIntegrationStatus",
  tags: ["integrations"],
  summary: "Get the status of an integration",
  description: "404 when the integration is not installed in the organization.",
  request: { params: OrganizationIntegrationParams },
  responses: { 200: json(z.object({ status: InstallationStatusSchema }), "Integration installation status") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const status = await organizationIntegrationStatus(serviceContext(c), p.organizationId, p.integrationName);
  return c.json({ status }, 200);
};
