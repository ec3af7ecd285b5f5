import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { listIntegrationTargetInstallations } from "../../services/integrations";
import { IntegrationParams, IntegrationSpaceInstallationsQuery, SpaceInstallationList } from "./schemas";
import { presentSpaceInstallations } from "./space-installation-items";

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

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const q = c.req.valid("query");
  const page = await listIntegrationTargetInstallations(ctx, c.req.valid("param").integrationName, "space", q);
  return c.json({ ...page, items: await presentSpaceInstallations(ctx, page.items, q.extended) }, 200);
};
