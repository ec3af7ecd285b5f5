import { type AppRouteHandler, defineRoute } from "../../http/router";
import { InstallationSpaceParams } from "./schemas";
import { uninstallFromTarget } from "./target-installation-handlers";

export const route = defineRoute({
  method: "delete",
  path: "/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}",
  operationId: "uninstallIntegrationFromSpace",
  tags: ["integrations"],
  summary: "Uninstall an integration from a space",
  request: { params: InstallationSpaceParams },
  responses: {
    204: { description: "The space installation did not exist." },
    205: { description: "The space installation has been deleted." },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) =>
  c.body(null, (await uninstallFromTarget(c, { kind: "space", id: c.req.valid("param").spaceId })) ? 205 : 204);
