import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { deleteCollection } from "../../services/spaces";
import { CollectionParams } from "../../wire/params";

export const route = defineRoute({
  method: "delete",
  path: "/collections/{collectionId}",
  operationId: "deleteCollectionById",
  tags: ["collections"],
  summary: "Delete a collection",
  description:
    "Deletes the collection and its sub-collections (admins); their spaces go to the trash, restorable for 7 days.",
  request: { params: CollectionParams },
  responses: { 204: { description: "Deleted (or did not exist)" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  await deleteCollection(serviceContext(c), c.req.valid("param").collectionId);
  return c.body(null, 204);
};
