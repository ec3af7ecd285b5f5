import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSite } from "../../presenters/site";
import { setSitePublished } from "../../services/sites";
import { SiteParams } from "../../wire/params";
import { SiteSchema } from "../../wire/site";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites/{siteId}/unpublish",
  operationId: "unpublishSite",
  tags: ["sites"],
  summary: "Unpublish a site",
  description: "`create` and up. Idempotent.",
  request: { params: SiteParams },
  responses: { 200: json(SiteSchema, "Site unpublished successfully") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  return c.json(presentSite(await setSitePublished(ctx, p.organizationId, p.siteId, false), ctx.urls), 200);
};
