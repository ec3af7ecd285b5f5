import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { disableDevelopmentMode } from "../../services/integrations";
import { IntegrationParams } from "./schemas";

export const route = defineRoute({
  method: "delete",
  path: "/integrations/{integrationName}/dev",
  operationId: "disableIntegrationDevelopmentMode",
  tags: ["integrations"],
  summary: "Disable integration dev mode",
  description:
    "Admins of the integration's organization. Events run the published script again. 205 when development " +
    "mode was on (the reference's status), 204 when it was already off.",
  request: { params: IntegrationParams },
  responses: {
    204: { description: "Development mode was already off" },
    205: { description: "Disabled development mode successfully" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const disabled = await disableDevelopmentMode(serviceContext(c), c.req.valid("param").integrationName);
  return c.body(null, disabled ? 205 : 204);
};
