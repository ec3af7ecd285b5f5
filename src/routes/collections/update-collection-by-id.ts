import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentCollection } from "../../presenters/collection";
import { updateCollection } from "../../services/spaces";
import { CollectionParams } from "../../wire/params";
import { CollectionSchema, UpdateCollectionBody } from "../../wire/collection";

export const route = defineRoute({
  method: "patch",
  path: "/collections/{collectionId}",
  operationId: "updateCollectionById",
  tags: ["collections"],
  summary: "Update a collection",
  description: "Title and description need `create`; `defaultLevel` needs `admin`.",
  request: {
    params: CollectionParams,
    body: { required: true, content: { "application/json": { schema: UpdateCollectionBody } } },
  },
  responses: {
    200: json(CollectionSchema, "The collection has been updated"),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const view = await updateCollection(ctx, c.req.valid("param").collectionId, c.req.valid("json"));
  return c.json(presentCollection(view, ctx.urls), 200);
};
