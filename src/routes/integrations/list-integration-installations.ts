import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { mapPage } from "../../lib/pagination";
import { presentInstallation } from "../../presenters/integration";
import { listInstallationsOf } from "../../services/integrations";
import { InstallationListQuery, IntegrationParams } from "./schemas";
import { InstallationList } from "../../wire/integration-installation";

export const route = defineRoute({
  method: "get",
  path: "/integrations/{integrationName}/installations",
  operationId: "listIntegrationInstallations",
  tags: ["integrations"],
  summary: "List all integration installations",
  description:
    "Admins of the integration's organization see every installation; others, those in organizations they administer.",
  request: { params: IntegrationParams, query: InstallationListQuery },
  responses: { 200: json(InstallationList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const page = await listInstallationsOf(ctx, c.req.valid("param").integrationName, c.req.valid("query"));
  return c.json(
    mapPage(page, (view) => presentInstallation(view, ctx.urls)),
    200,
  );
};
