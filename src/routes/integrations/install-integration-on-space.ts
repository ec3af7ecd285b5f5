import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { installOn } from "../../services/integrations";
import { ExtendedQuery, InstallationParams, InstallOnSpaceBody, SpaceInstallationSchema } from "./schemas";
import { presentSpaceInstallations } from "./space-installation-items";

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

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await installOn(ctx, p.integrationName, p.installationId, {
    kind: "space",
    id: c.req.valid("json").space,
  });
  const [body] = await presentSpaceInstallations(ctx, [view], c.req.valid("query").extended);
  c.header("Location", body!.urls.location);
  return c.json(body!, 201);
};
