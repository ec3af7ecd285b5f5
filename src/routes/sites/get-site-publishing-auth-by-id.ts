import { serviceContext, urlBases } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentPublishingAuth } from "../../presenters/site-access";
import { getPublishingAuth } from "../../services/sites";
import { PublishingAuthSchema } from "../../wire/site-access";
import { SiteParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/publishing/auth",
  operationId: "getSitePublishingAuthById",
  tags: ["sites"],
  summary: "Get a site auth config",
  description: "`create` and up. The private key that signs (HS256) visitor JWTs for a visitor-auth site.",
  request: { params: SiteParams },
  responses: { 200: json(PublishingAuthSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  return c.json(
    presentPublishingAuth(await getPublishingAuth(serviceContext(c), p.organizationId, p.siteId), urlBases(c)),
    200,
  );
};
