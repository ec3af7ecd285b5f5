import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { IntegrationParams, IntegrationSpaceInstallationsQuery } from "./schemas";
import { presentSpaceInstallations } from "./space-installation-items";
import { listIntegrationTargetInstallationsOf } from "./target-installation-handlers";
import { SpaceInstallationList } from "../../wire/integration-installation";

export const route = defineRoute({
  method: "get",
  path: "/integrations/{integrationName}/spaces",
  operationId: "listIntegrationSpaceInstallations",
  tags: ["integrations"],
  summary: "List all integration space installations",
  description:
    "The integration's space installations: all of them for admins of its organization, else those in the caller's organizations.",
  request: { params: IntegrationParams, query: IntegrationSpaceInstallationsQuery },
  responses: { 200: json(SpaceInstallationList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) =>
  c.json(await listIntegrationTargetInstallationsOf(c, "space", presentSpaceInstallations), 200);
