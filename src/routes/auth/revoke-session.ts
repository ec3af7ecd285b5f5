import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { revokeOwnSession } from "../../services/auth";

export const route = defineRoute({
  method: "delete",
  path: "/user/sessions/{sessionId}",
  operationId: "revokeSession",
  tags: ["users"],
  summary: "End one of your sessions (Quire)",
  description: "It stops working at once, wherever it is. Succeeds for a session that is missing or already ended.",
  request: { params: z.object({ sessionId: z.string().max(100) }) },
  responses: { 204: { description: "Ended (or did not exist)" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  await revokeOwnSession(serviceContext(c), c.req.valid("param").sessionId);
  return c.body(null, 204);
};
