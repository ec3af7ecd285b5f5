import { serviceContext, urlBases } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentPublishingAuth } from "../../presenters/site-access";
import { regeneratePublishingAuth } from "../../services/sites";
import { PublishingAuthSchema } from "../../wire/site-access";
import { SiteParams } from "../../wire/params";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites/{siteId}/publishing/auth/regenerate",
  operationId: "regenerateSitePublishingAuthById",
  tags: ["sites"],
  summary: "Regenerate a site auth",
  description: "`create` and up. A new private key: visitor JWTs signed with the old one stop working at once.",
  request: { params: SiteParams },
  responses: { 200: json(PublishingAuthSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const view = await regeneratePublishingAuth(serviceContext(c), p.organizationId, p.siteId);
  return c.json(presentPublishingAuth(view, urlBases(c)), 200);
};
