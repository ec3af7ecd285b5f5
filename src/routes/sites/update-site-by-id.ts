import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSite } from "../../presenters/site";
import { updateSite } from "../../services/sites";
import { SiteParams } from "../../wire/params";
import { SiteSchema, UpdateSiteBody } from "../../wire/site";

export const route = defineRoute({
  method: "patch",
  path: "/orgs/{organizationId}/sites/{siteId}",
  operationId: "updateSiteById",
  tags: ["sites"],
  summary: "Update a site",
  description: "`create` and up; `defaultSiteSpace` and `defaultSiteSection` must be the site's own (400).",
  request: {
    params: SiteParams,
    body: { required: true, content: { "application/json": { schema: UpdateSiteBody } } },
  },
  responses: { 200: json(SiteSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  return c.json(presentSite(await updateSite(ctx, p.organizationId, p.siteId, c.req.valid("json")), ctx.urls), 200);
};
