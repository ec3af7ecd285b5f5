import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { getTargetInstallation } from "../../services/integrations";
import { ExtendedQuery, InstallationSpaceParams, SpaceInstallationSchema } from "./schemas";
import { presentSpaceInstallations } from "./space-installation-items";

export const route = defineRoute({
  method: "get",
  path: "/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}",
  operationId: "getIntegrationSpaceInstallation",
  tags: ["integrations"],
  summary: "Get an integration space installation",
  request: { params: InstallationSpaceParams, query: ExtendedQuery },
  responses: { 200: json(SpaceInstallationSchema, "Integration space installation") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await getTargetInstallation(ctx, p.integrationName, p.installationId, { kind: "space", id: p.spaceId });
  const [body] = await presentSpaceInstallations(ctx, [view], c.req.valid("query").extended);
  return c.json(body!, 200);
};
