import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { listInstallationTargets } from "../../services/integrations";
import { InstallationParams, SpaceInstallationList, SpaceInstallationListQuery } from "./schemas";
import { presentSpaceInstallations } from "./space-installation-items";

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

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const q = c.req.valid("query");
  const page = await listInstallationTargets(ctx, p.integrationName, p.installationId, "space", q);
  return c.json({ ...page, items: await presentSpaceInstallations(ctx, page.items, q.extended) }, 200);
};
