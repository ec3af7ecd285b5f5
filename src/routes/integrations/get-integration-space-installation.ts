import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { ExtendedQuery, InstallationSpaceParams } from "./schemas";
import { presentSpaceInstallations } from "./space-installation-items";
import { getTargetInstallationOf } from "./target-installation-handlers";
import { SpaceInstallationSchema } from "../../wire/integration-installation";

export const route = defineRoute({
  method: "get",
  path: "/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}",
  operationId: "getIntegrationSpaceInstallation",
  tags: ["integrations"],
  summary: "Get an integration space installation",
  request: { params: InstallationSpaceParams, query: ExtendedQuery },
  responses: { 200: json(SpaceInstallationSchema, "Integration space installation") },
});

export const handler: AppRouteHandler<typeof route> = async (c) =>
  c.json(
    await getTargetInstallationOf(c, { kind: "space", id: c.req.valid("param").spaceId }, presentSpaceInstallations),
    200,
  );
