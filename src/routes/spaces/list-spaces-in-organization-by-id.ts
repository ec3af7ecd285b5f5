import { OrganizationParams } from "../../wire/params";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { PageQuery } from "../../wire/common";
import { mapPage } from "../../lib/pagination";
import { presentSpace } from "../../presenters/space";
import { listSpacesInOrganization } from "../../services/spaces";
import { SpaceList } from "../../wire/space";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/spaces",
  operationId: "listSpacesInOrganizationById",
  tags: ["spaces"],
  summary: "List all spaces",
  description: "The live spaces of the organization that the caller can see, siblings in their explicit order.",
  request: { params: OrganizationParams, query: PageQuery },
  responses: { 200: json(SpaceList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const page = await listSpacesInOrganization(ctx, c.req.valid("param").organizationId, c.req.valid("query"));
  return c.json(
    mapPage(page, (view) => presentSpace(view, ctx.urls)),
    200,
  );
};
