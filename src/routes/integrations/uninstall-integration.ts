import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { uninstallIntegration } from "../../services/integrations";
import { InstallationParams } from "./schemas";

export const route = defineRoute({
  method: "delete",
  path: "/integrations/{integrationName}/installations/{installationId}",
  operationId: "uninstallIntegration",
  tags: ["integrations"],
  summary: "Uninstall an integration",
  request: { params: InstallationParams },
  responses: {
    204: { description: "Integration installation did not exist" },
    205: { description: "Integration uninstalled successfully" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const deleted = await uninstallIntegration(serviceContext(c), p.integrationName, p.installationId);
  return c.body(null, deleted ? 205 : 204);
};
