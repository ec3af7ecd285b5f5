import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { mapPage } from "../../lib/pagination";
import { presentIntegration } from "../../presenters/integration";
import { listSpaceIntegrations } from "../../services/integrations";
import { SpaceParams } from "../../wire/params";
import { SpaceIntegrationsQuery } from "./schemas";
import { IntegrationList } from "../../wire/integration";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/integrations",
  operationId: "listSpaceIntegrations",
  tags: ["integrations"],
  summary: "List integrations enabled in a space",
  request: { params: SpaceParams, query: SpaceIntegrationsQuery },
  responses: { 200: json(IntegrationList, "Listing of integrations enabled in the space.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const page = await listSpaceIntegrations(ctx, c.req.valid("param").spaceId, c.req.valid("query"));
  return c.json(
    mapPage(page, (view) => presentIntegration(view, ctx.urls)),
    200,
  );
};
