import { z } from "@hono/zod-openapi";
import { OrganizationParams } from "../../wire/params";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { collectionLocation, presentCollection } from "../../presenters/collection";
import { createCollection } from "../../services/spaces";
import { CollectionSchema, CreateCollectionBody } from "../../wire/collection";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/collections",
  operationId: "createCollection",
  tags: ["collections"],
  summary: "Create a collection",
  description: "Creates a collection (last among its siblings). An empty body is allowed.",
  request: {
    params: OrganizationParams,
    body: { required: false, content: { "application/json": { schema: CreateCollectionBody } } },
  },
  responses: {
    201: {
      description: "Collection created",
      headers: z.object({ Location: z.string() }),
      content: { "application/json": { schema: CollectionSchema } },
    },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const view = await createCollection(ctx, c.req.valid("param").organizationId, c.req.valid("json") ?? {});
  c.header("Location", collectionLocation(ctx.urls, view.row.id));
  return c.json(presentCollection(view, ctx.urls), 201);
};
