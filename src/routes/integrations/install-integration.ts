import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentInstallation } from "../../presenters/integration";
import { installIntegration } from "../../services/integrations";
import { IntegrationParams } from "./schemas";
import { InstallationSchema, InstallIntegrationBody } from "../../wire/integration-installation";

export const route = defineRoute({
  method: "post",
  path: "/integrations/{integrationName}/installations",
  operationId: "installIntegration",
  tags: ["integrations"],
  summary: "Install an integration",
  description:
    "Installs the integration in an organization the caller administers (a private integration only in its own); " +
    "409 when it is installed there already.",
  request: {
    params: IntegrationParams,
    body: { required: true, content: { "application/json": { schema: InstallIntegrationBody } } },
  },
  responses: {
    201: {
      description: "Integration installed successfully",
      headers: z.object({ Location: z.string() }),
      content: { "application/json": { schema: InstallationSchema } },
    },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const view = await installIntegration(ctx, c.req.valid("param").integrationName, c.req.valid("json").organization);
  const body = presentInstallation(view, ctx.urls);
  c.header("Location", body.urls.location);
  return c.json(body, 201);
};
