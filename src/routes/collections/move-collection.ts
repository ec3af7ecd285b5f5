import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { errorResponses } from "../../http/errors";
import { json } from "../../http/responses";
import { presentCollection } from "../../presenters/collection";
import { moveCollection } from "../../services/spaces";
import { MoveBody } from "../../wire/space";
import { CollectionParams } from "../../wire/params";
import { CollectionSchema } from "../../wire/collection";

export const route = defineRoute({
  method: "post",
  path: "/collections/{collectionId}/move",
  operationId: "moveCollection",
  tags: ["collections"],
  summary: "Move a collection to a new position.",
  description:
    "`parent`: a collection or null (omitted: unchanged); into itself or a descendant is 409. `position`: before/after a sibling in the target parent (400 otherwise).",
  request: {
    params: CollectionParams,
    body: { required: false, content: { "application/json": { schema: MoveBody } } },
  },
  responses: {
    200: json(CollectionSchema, "Collection moved"),
    ...errorResponses(409),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const view = await moveCollection(ctx, c.req.valid("param").collectionId, c.req.valid("json") ?? {});
  return c.json(presentCollection(view, ctx.urls), 200);
};
