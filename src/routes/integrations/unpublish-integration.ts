import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { unpublishIntegration } from "../../services/integrations";
import { IntegrationParams } from "./schemas";

export const route = defineRoute({
  method: "delete",
  path: "/integrations/{integrationName}",
  operationId: "unpublishIntegration",
  tags: ["integrations"],
  summary: "Unpublish an integration",
  description: "Deletes the integration and uninstalls it everywhere (admins of its organization).",
  request: { params: IntegrationParams },
  responses: {
    204: { description: "Integration did not exist" },
    205: { description: "Integration has been deleted" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const deleted = await unpublishIntegration(serviceContext(c), c.req.valid("param").integrationName);
  return c.body(null, deleted ? 205 : 204);
};
