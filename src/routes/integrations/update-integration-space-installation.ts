import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { ExtendedQuery, InstallationSpaceParams } from "./schemas";
import { presentSpaceInstallations } from "./space-installation-items";
import { updateTargetInstallationOf } from "./target-installation-handlers";
import { SpaceInstallationSchema, UpdateSpaceInstallationBody } from "../../wire/integration-installation";

export const route = defineRoute({
  method: "patch",
  path: "/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}",
  operationId: "updateIntegrationSpaceInstallation",
  tags: ["integrations"],
  summary: "Update an integration space installation",
  description:
    "`configuration` is checked against the integration's `configurations.space` (400 naming the property); the " +
    "space installation is `pending` until every required property is set.",
  request: {
    params: InstallationSpaceParams,
    query: ExtendedQuery,
    body: { required: true, content: { "application/json": { schema: UpdateSpaceInstallationBody } } },
  },
  responses: { 200: json(SpaceInstallationSchema, "The space installation has been updated.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) =>
  c.json(
    await updateTargetInstallationOf(c, { kind: "space", id: c.req.valid("param").spaceId }, presentSpaceInstallations),
    200,
  );
