import { OrganizationParams } from "../../wire/params";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { mapPage } from "../../lib/pagination";
import { presentCollection } from "../../presenters/collection";
import { listCollectionsInOrganization } from "../../services/spaces";
import { ListCollectionsQuery } from "./schemas";
import { CollectionList } from "../../wire/collection";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/collections",
  operationId: "listCollectionsInOrganizationById",
  tags: ["collections"],
  summary: "List all collections",
  description: "`nested` (default true): list nested collections too; false: top-level collections only.",
  request: { params: OrganizationParams, query: ListCollectionsQuery },
  responses: { 200: json(CollectionList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const page = await listCollectionsInOrganization(ctx, c.req.valid("param").organizationId, c.req.valid("query"));
  return c.json(
    mapPage(page, (view) => presentCollection(view, ctx.urls)),
    200,
  );
};
