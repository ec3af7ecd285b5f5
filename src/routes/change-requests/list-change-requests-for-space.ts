import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { PageQuery } from "../../wire/common";
import { presentChangeRequest } from "../../presenters/change-request";
import { listChangeRequests } from "../../services/change-requests";
import { json } from "../../http/responses";
import { ChangeRequestListSchema } from "../../wire/change-request";
import { SpaceParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests",
  operationId: "listChangeRequestsForSpace",
  tags: ["change-requests"],
  summary: "List the change requests of a space",
  request: {
    params: SpaceParams,
    query: PageQuery.extend({
      status: z.enum(["draft", "open", "archived", "merged"]).default("open"),
      contributor: z.string().optional(),
    }),
  },
  responses: { 200: json(ChangeRequestListSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const page = await listChangeRequests(ctx, c.req.valid("param").spaceId, c.req.valid("query"));
  return c.json({ ...page, items: page.items.map((v) => presentChangeRequest(ctx, v)) }, 200);
};
