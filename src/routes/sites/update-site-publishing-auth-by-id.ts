import { serviceContext, urlBases } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentPublishingAuth } from "../../presenters/site-access";
import { updatePublishingAuth } from "../../services/sites";
import { PublishingAuthSchema, UpdatePublishingAuthBody } from "../../wire/site-access";
import { SiteParams } from "../../wire/params";

export const route = defineRoute({
  method: "patch",
  path: "/orgs/{organizationId}/sites/{siteId}/publishing/auth",
  operationId: "updateSitePublishingAuthById",
  tags: ["sites"],
  summary: "Update a site auth config",
  description:
    "`create` and up. The backend, `fallbackURL` and Quire's `identityProvider` (null removes either); the key stays.",
  request: {
    params: SiteParams,
    body: { required: true, content: { "application/json": { schema: UpdatePublishingAuthBody } } },
  },
  responses: { 200: json(PublishingAuthSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const view = await updatePublishingAuth(serviceContext(c), p.organizationId, p.siteId, c.req.valid("json"));
  return c.json(presentPublishingAuth(view, urlBases(c)), 200);
};
