import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { getSiteSpaceCustomization } from "../../services/sites";
import { SiteCustomizationSettingsSchema } from "../../wire/site-customization";
import { CustomizationQuery } from "./customization-schemas";
import { SiteSpaceParams } from "./schemas";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization",
  operationId: "getSiteSpaceCustomizationById",
  tags: ["site-customization"],
  summary: "Get a site space customization settings",
  description: "Members. The site's settings with the site space's override on top.",
  request: { params: SiteSpaceParams, query: CustomizationQuery },
  responses: { 200: json(SiteCustomizationSettingsSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const settings = await getSiteSpaceCustomization(serviceContext(c), p.organizationId, p.siteId, p.siteSpaceId);
  return c.json(settings, 200);
};
