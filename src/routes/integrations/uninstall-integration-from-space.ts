import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { uninstallFrom } from "../../services/integrations";
import { InstallationSpaceParams } from "./schemas";

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

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const removed = await uninstallFrom(serviceContext(c), p.integrationName, p.installationId, {
    kind: "space",
    id: p.spaceId,
  });
  return c.body(null, removed ? 205 : 204);
};
