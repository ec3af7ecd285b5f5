import { z } from "@hono/zod-openapi";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { ExtendedQuery, InstallationParams, InstallOnSpaceBody } from "./schemas";
import { presentSpaceInstallations } from "./space-installation-items";
import { installOnTarget } from "./target-installation-handlers";
import { SpaceInstallationSchema } from "../../wire/integration-installation";

export const route = defineRoute({
  method: "post",
  path: "/integrations/{integrationName}/installations/{installationId}/spaces",
  operationId: "installIntegrationOnSpace",
  tags: ["integrations"],
  summary: "Install an integration on a space",
  description:
    "Enables the organization installation on one of the organization's spaces: admins of the organization who " +
    "administer the space; the integration's `target` must allow spaces (400); 409 when it is enabled there already.",
  request: {
    params: InstallationParams,
    query: ExtendedQuery,
    body: { required: true, content: { "application/json": { schema: InstallOnSpaceBody } } },
  },
  responses: {
    201: {
      description: "Integration installed successfully on space",
      headers: z.object({ Location: z.string() }),
      content: { "application/json": { schema: SpaceInstallationSchema } },
    },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) =>
  c.json(await installOnTarget(c, { kind: "space", id: c.req.valid("json").space }, presentSpaceInstallations), 201);
