import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentCollection } from "../../presenters/collection";
import { getCollection } from "../../services/spaces";
import { CollectionParams } from "../../wire/params";
import { CollectionSchema } from "../../wire/collection";

export const route = defineRoute({
  method: "get",
  path: "/collections/{collectionId}",
  operationId: "getCollectionById",
  tags: ["collections"],
  summary: "Get a collection by its ID",
  request: { params: CollectionParams },
  responses: { 200: json(CollectionSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  return c.json(presentCollection(await getCollection(ctx, c.req.valid("param").collectionId), ctx.urls), 200);
};
