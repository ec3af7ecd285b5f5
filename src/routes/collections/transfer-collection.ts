import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { errorResponses } from "../../http/errors";
import { json } from "../../http/responses";
import { presentCollection } from "../../presenters/collection";
import { transferCollection } from "../../services/spaces";
import { TransferBody } from "../../wire/space";
import { CollectionParams } from "../../wire/params";
import { CollectionSchema } from "../../wire/collection";

export const route = defineRoute({
  method: "post",
  path: "/collections/{collectionId}/transfer",
  operationId: "transferCollection",
  tags: ["collections"],
  summary: "Transfer a collection",
  description:
    "Moves the collection, its sub-collections and their spaces (admins) to the top level of another organization where the caller has `create`. 412 for its own organization.",
  request: {
    params: CollectionParams,
    body: { required: true, content: { "application/json": { schema: TransferBody } } },
  },
  responses: {
    200: json(CollectionSchema, "Collection transferred"),
    ...errorResponses(409, 412),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const view = await transferCollection(ctx, c.req.valid("param").collectionId, c.req.valid("json").organization);
  return c.json(presentCollection(view, ctx.urls), 200);
};
