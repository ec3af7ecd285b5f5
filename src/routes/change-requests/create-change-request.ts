import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentChangeRequest } from "../../presenters/change-request";
import { createChangeRequest } from "../../services/change-requests";
import { json } from "../../http/responses";
import { ChangeRequestSchema } from "../../wire/change-request";
import { SpaceParams } from "../../wire/params";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/change-requests",
  operationId: "createChangeRequest",
  tags: ["change-requests"],
  summary: "Create a change request (forks the space's current revision)",
  request: {
    params: SpaceParams,
    body: {
      required: false,
      content: {
        "application/json": {
          schema: z.object({ subject: z.string().max(100).optional(), agentTaskId: z.string().optional() }),
        },
      },
    },
  },
  responses: { 201: json(ChangeRequestSchema, "The change request has been created") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const body = c.req.valid("json") ?? {};
  const view = await createChangeRequest(ctx, c.req.valid("param").spaceId, body.subject);
  const presented = presentChangeRequest(ctx, view);
  c.header("Location", presented.urls.location);
  return c.json(presented, 201);
};
