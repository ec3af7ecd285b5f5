import { z } from "@hono/zod-openapi";
import { OrganizationParams } from "../../wire/params";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentSpace, spaceLocation } from "../../presenters/space";
import { createSpace } from "../../services/spaces";
import { SpaceSchema, CreateSpaceBody } from "../../wire/space";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/spaces",
  operationId: "createSpace",
  tags: ["spaces"],
  summary: "Create a space",
  description:
    "Creates a space (last among its siblings) with an empty first revision, or with a built-in template's pages as its first revision (`template`). An empty body is allowed.",
  request: {
    params: OrganizationParams,
    body: { required: false, content: { "application/json": { schema: CreateSpaceBody } } },
  },
  responses: {
    201: {
      description: "Space created",
      headers: z.object({ Location: z.string() }),
      content: { "application/json": { schema: SpaceSchema } },
    },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const view = await createSpace(ctx, c.req.valid("param").organizationId, c.req.valid("json") ?? {});
  c.header("Location", spaceLocation(ctx.urls, view.row.id));
  return c.json(presentSpace(view, ctx.urls), 201);
};
