import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { PageQuery } from "../../wire/common";
import { mapPage } from "../../lib/pagination";
import { presentSpace } from "../../presenters/space";
import { listSpacesInCollection } from "../../services/spaces";
import { SpaceList } from "../../wire/space";
import { CollectionParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/collections/{collectionId}/spaces",
  operationId: "listSpacesInCollectionById",
  tags: ["collections"],
  summary: "List all collection spaces",
  request: { params: CollectionParams, query: PageQuery },
  responses: { 200: json(SpaceList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const page = await listSpacesInCollection(ctx, c.req.valid("param").collectionId, c.req.valid("query"));
  return c.json(
    mapPage(page, (view) => presentSpace(view, ctx.urls)),
    200,
  );
};
