import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { listSpaceIntegrationBlocks } from "../../services/integrations";
import { SpaceParams } from "../../wire/params";
import { SpaceIntegrationBlocksSchema } from "../../wire/integration";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/integration-blocks",
  operationId: "listSpaceIntegrationsBlocks",
  tags: ["integrations"],
  summary: "List all space integrations blocks",
  description: "The blocks of the integrations enabled on the space, per integration.",
  request: { params: SpaceParams },
  responses: { 200: json(SpaceIntegrationBlocksSchema, "list of installed integration blocks") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const blocks = await listSpaceIntegrationBlocks(serviceContext(c), c.req.valid("param").spaceId);
  return c.json(blocks, 200);
};
