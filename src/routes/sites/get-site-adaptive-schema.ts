import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSiteAdaptiveSchema } from "../../presenters/site";
import { getSiteAdaptiveSchema } from "../../services/sites";
import { SiteAdaptiveSchemaSchema } from "../../wire/site-adaptive";
import { SiteParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/adaptive-schema",
  operationId: "getSiteAdaptiveSchema",
  tags: ["sites"],
  summary: "Get the JSON schema describing the attributes expected for an Adaptive content site visitor.",
  description:
    "Members. A site never given a schema answers the default one (no claims, an empty `unsigned` object). " +
    "`updatedAt` is the site's last update: the schema is a field of the site.",
  request: { params: SiteParams },
  responses: { 200: json(SiteAdaptiveSchemaSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const view = await getSiteAdaptiveSchema(serviceContext(c), p.organizationId, p.siteId);
  return c.json(presentSiteAdaptiveSchema(view), 200);
};
