import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { updateTargetInstallation } from "../../services/integrations";
import {
  ExtendedQuery,
  InstallationSpaceParams,
  SpaceInstallationSchema,
  UpdateSpaceInstallationBody,
} from "./schemas";
import { presentSpaceInstallations } from "./space-installation-items";

export const route = defineRoute({
  method: "patch",
  path: "/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}",
  operationId: "updateIntegrationSpaceInstallation",
  tags: ["integrations"],
  summary: "Update an integration space installation",
  description:
    "`configuration` is checked against the integration's `configurations.space` (400 naming the property); the " +
    "space installation is `pending` until every required property is set.",
  request: {
    params: InstallationSpaceParams,
    query: ExtendedQuery,
    body: { required: true, content: { "application/json": { schema: UpdateSpaceInstallationBody } } },
  },
  responses: { 200: json(SpaceInstallationSchema, "The space installation has been updated.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await updateTargetInstallation(
    ctx,
    p.integrationName,
    p.installationId,
    { kind: "space", id: p.spaceId },
    c.req.valid("json"),
  );
  const [body] = await presentSpaceInstallations(ctx, [view], c.req.valid("query").extended);
  return c.json(body!, 200);
};
