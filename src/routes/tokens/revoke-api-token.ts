import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { revokeOwnToken } from "../../services/people";

export const route = defineRoute({
  method: "delete",
  path: "/user/tokens/{tokenId}",
  operationId: "revokeApiToken",
  tags: ["users"],
  summary: "Revoke one of your personal API tokens (Quire)",
  request: { params: z.object({ tokenId: z.string() }) },
  responses: { 204: { description: "Revoked (or did not exist)" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  await revokeOwnToken(serviceContext(c), c.req.valid("param").tokenId);
  return c.body(null, 204);
};
