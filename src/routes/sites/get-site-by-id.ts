import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSite } from "../../presenters/site";
import { getSite } from "../../services/sites";
import { SiteParams } from "../../wire/params";
import { SiteSchema } from "../../wire/site";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}",
  operationId: "getSiteById",
  tags: ["sites"],
  summary: "Get a site by its ID",
  request: { params: SiteParams },
  responses: { 200: json(SiteSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  return c.json(presentSite(await getSite(ctx, p.organizationId, p.siteId), ctx.urls), 200);
};
