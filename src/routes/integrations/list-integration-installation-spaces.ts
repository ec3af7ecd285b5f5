import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { InstallationParams, SpaceInstallationListQuery } from "./schemas";
import { presentSpaceInstallations } from "./space-installation-items";
import { listInstallationTargetsOf } from "./target-installation-handlers";
import { SpaceInstallationList } from "../../wire/integration-installation";

export const route = defineRoute({
  method: "get",
  path: "/integrations/{integrationName}/installations/{installationId}/spaces",
  operationId: "listIntegrationInstallationSpaces",
  tags: ["integrations"],
  summary: "List all space integration installations",
  description: "The spaces an organization installation is enabled on (members of its organization).",
  request: { params: InstallationParams, query: SpaceInstallationListQuery },
  responses: { 200: json(SpaceInstallationList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) =>
  c.json(await listInstallationTargetsOf(c, "space", presentSpaceInstallations), 200);
