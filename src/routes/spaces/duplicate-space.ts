import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentSpace, spaceLocation } from "../../presenters/space";
import { duplicateSpace } from "../../services/spaces";
import { SpaceParams } from "../../wire/params";
import { SpaceSchema } from "../../wire/space";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/duplicate",
  operationId: "duplicateSpace",
  tags: ["spaces"],
  summary: "Duplicate a space",
  description: "A new space with a copy of the current content, titled as a copy, placed right after the source.",
  request: { params: SpaceParams },
  responses: {
    201: {
      description: "Space duplicated",
      headers: z.object({ Location: z.string() }),
      content: { "application/json": { schema: SpaceSchema } },
    },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const view = await duplicateSpace(ctx, c.req.valid("param").spaceId);
  c.header("Location", spaceLocation(ctx.urls, view.row.id));
  return c.json(presentSpace(view, ctx.urls), 201);
};
