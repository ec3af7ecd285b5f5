import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { createInstallationToken } from "../../services/integrations";
import { APITemporaryTokenSchema } from "../../wire/integration-installation";
import { InstallationParams } from "./schemas";

export const route = defineRoute({
  method: "post",
  path: "/integrations/{integrationName}/installations/{installationId}/tokens",
  operationId: "createIntegrationInstallationToken",
  tags: ["integrations"],
  summary: "Create an integration installation API token",
  description:
    "A token acting for the installation for one hour, within the integration's scopes and the installation's " +
    "space and site selection. Callable with the integration's own token, or by admins of its publisher.",
  request: { params: InstallationParams },
  responses: { 200: json(APITemporaryTokenSchema, "The API token for the installation") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const { token } = await createInstallationToken(ctx, p.integrationName, p.installationId);
  return c.json({ token }, 200);
};
