import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentInstallation } from "../../presenters/integration";
import { getInstallation } from "../../services/integrations";
import { InstallationParams } from "./schemas";
import { InstallationSchema } from "../../wire/integration-installation";

export const route = defineRoute({
  method: "get",
  path: "/integrations/{integrationName}/installations/{installationId}",
  operationId: "getIntegrationInstallationById",
  tags: ["integrations"],
  summary: "Get an integration installation by its ID",
  request: { params: InstallationParams },
  responses: { 200: json(InstallationSchema, "Integration installation") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  return c.json(presentInstallation(await getInstallation(ctx, p.integrationName, p.installationId), ctx.urls), 200);
};
