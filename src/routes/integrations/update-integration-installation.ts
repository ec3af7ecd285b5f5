import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentInstallation } from "../../presenters/integration";
import { updateInstallation } from "../../services/integrations";
import { InstallationParams } from "./schemas";
import { InstallationSchema, UpdateInstallationBody } from "../../wire/integration-installation";

export const route = defineRoute({
  method: "patch",
  path: "/integrations/{integrationName}/installations/{installationId}",
  operationId: "updateIntegrationInstallation",
  tags: ["integrations"],
  summary: "Update an integration installation",
  description:
    "Admins of the installation's organization. `configuration` is checked against the integration's " +
    "`configurations.account` (400 naming the property); the installation is `pending` until every required " +
    "property is set.",
  request: {
    params: InstallationParams,
    body: { required: true, content: { "application/json": { schema: UpdateInstallationBody } } },
  },
  responses: { 200: json(InstallationSchema, "The installation has been updated.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await updateInstallation(ctx, p.integrationName, p.installationId, c.req.valid("json"));
  return c.json(presentInstallation(view, ctx.urls), 200);
};
