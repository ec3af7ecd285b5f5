import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { mapPage } from "../../lib/pagination";
import { presentSite } from "../../presenters/site";
import { listSites } from "../../services/sites";
import { OrganizationParams } from "../../wire/params";
import { SiteList } from "../../wire/site";
import { SiteListQuery } from "./schemas";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites",
  operationId: "listSites",
  tags: ["sites"],
  summary: "List all sites",
  description: "The organization's sites (members `read` and up), oldest first.",
  request: { params: OrganizationParams, query: SiteListQuery },
  responses: { 200: json(SiteList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const page = await listSites(ctx, c.req.valid("param").organizationId, c.req.valid("query"));
  return c.json(
    mapPage(page, (view) => presentSite(view, ctx.urls)),
    200,
  );
};
